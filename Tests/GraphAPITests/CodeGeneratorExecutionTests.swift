import Foundation
import GraphAPI
import GraphTestSupport
import Testing

/// Runs the generated curl and Python code against a loopback stub and checks that what
/// arrives is the request the code was generated from.
@Suite struct CodeGeneratorExecutionTests {
  static let requests: [GraphRequest] = [
    GraphRequest(
      .get, "me", parameters: ["fields": "id,name,friends.limit(2){name,picture.as(pic)}"],
      accessToken: "TOKEN1"),
    GraphRequest(
      .post, "me/feed", parameters: ["message": "Don't \"panic\" & $HOME\nline 2 ✓"],
      accessToken: "TOKEN2"),
    GraphRequest(.delete, "me/permissions", accessToken: "T3", appSecret: "S3"),
    GraphRequest(
      .post, "me/photos", parameters: ["message": "lunch"],
      uploads: [
        GraphUpload(
          name: "source", filename: "meal.jpg", contentType: "image/jpeg",
          bytes: [0xff, 0xd8, 0x41])
      ], accessToken: "TOKEN4"),
    GraphRequest(
      .get, "me/friends", parameters: ["limit": "2"], version: "v2.8", accessToken: "T5"),
    GraphRequest(
      .post, "me/feed", parameters: ["message": "hi"], version: "v2.8", accessToken: "T6"),
  ]

  @Test(arguments: requests)
  func curlSendsTheRequest(request: GraphRequest) throws {
    let stub = try LoopbackHTTPStub(json: #"{"id":"1"}"#)
    defer { stub.stop() }
    let code = CodeGenerator(baseURL: stub.baseURL, includeToken: true).code(
      for: request, in: .curl)
    try CodeRunner.run(["bash", "-c", code + " >/dev/null"], files: request.uploads)
    try CodeRunner.expectArrived(request, at: stub.requests)
  }

  @Test(arguments: requests)
  func pythonSendsTheRequest(request: GraphRequest) throws {
    let stub = try LoopbackHTTPStub(json: #"{"id":"1"}"#)
    defer { stub.stop() }
    let code = CodeGenerator(includeToken: true).code(for: request, in: .python)
    let redirected = code.replacingOccurrences(
      of: "import facebook\n",
      with: "import facebook\nfacebook.FACEBOOK_GRAPH_URL = \"\(stub.baseURL)/\"\n")
    try CodeRunner.run(["python3", "-c", redirected], files: request.uploads)
    try CodeRunner.expectArrived(request, at: stub.requests)
  }
}
