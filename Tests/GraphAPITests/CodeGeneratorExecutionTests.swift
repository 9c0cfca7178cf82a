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
    try run(["bash", "-c", code + " >/dev/null"], files: request.uploads)
    try expectArrived(request, at: stub)
  }

  @Test(arguments: requests)
  func pythonSendsTheRequest(request: GraphRequest) throws {
    let stub = try LoopbackHTTPStub(json: #"{"id":"1"}"#)
    defer { stub.stop() }
    let code = CodeGenerator(includeToken: true).code(for: request, in: .python)
    let redirected = code.replacingOccurrences(
      of: "import facebook\n",
      with: "import facebook\nfacebook.FACEBOOK_GRAPH_URL = \"\(stub.baseURL)/\"\n")
    try run(["python3", "-c", redirected], files: request.uploads)
    try expectArrived(request, at: stub)
  }

  private func expectArrived(_ request: GraphRequest, at stub: LoopbackHTTPStub) throws {
    let seen = try #require(stub.requests.first)
    let parsed = try GraphRequest(parsing: seen)
    #expect(parsed.method == request.method)
    #expect(parsed.path == request.path)
    #expect(parsed.version == request.version)
    #expect(parsed.accessToken == request.accessToken)
    var expected = request.parameters
    if let proof = request.appSecretProof { expected.append("appsecret_proof", proof) }
    #expect(Set(parsed.parameters.items) == Set(expected.items))
    #expect(parsed.uploads.map(\.bytes) == request.uploads.map(\.bytes))
    #expect(parsed.uploads.map(\.name) == request.uploads.map(\.name))
  }

  /// Runs a command in a fresh folder holding the uploads; fails the test on a non-zero exit.
  private func run(_ arguments: [String], files: [GraphUpload]) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "codegen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for file in files {
      try Data(file.bytes).write(to: folder.appendingPathComponent(file.filename))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(
      process.terminationStatus == 0,
      "\(arguments[0]) failed: \(String(decoding: message, as: UTF8.self))")
  }
}
