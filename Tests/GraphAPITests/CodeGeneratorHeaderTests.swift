import Foundation
import GraphAPI
import GraphTestSupport
import Testing

/// `code` with the header items of a request line: sent by curl and Swift, set on the Python
/// package's session, named in a comment for the iOS SDK; a token given in `Authorization`
/// stays there.
@Suite struct CodeGeneratorHeaderTests {
  /// What the REPL parses from `GET me?fields=name Accept-Language:fr_FR Authorization:"OAuth T"`.
  static let request = GraphRequest(
    .get, "me", parameters: ["fields": "name"], accessToken: "TOKEN_IN_HEADER")
  static let headers: HTTPHeaders = [
    "Accept-Language": "fr_FR", "Authorization": "OAuth TOKEN_IN_HEADER", "Host": "x",
  ]

  @Test func curlSendsTheHeadersWithTheTokenMasked() {
    #expect(
      CodeGenerator().code(for: Self.request, in: .curl, headers: Self.headers) == """
        curl -i -g -X GET \\
          -H 'Accept-Language: fr_FR' \\
          -H 'Authorization: OAuth <ACCESS_TOKEN>' \\
          'https://graph.facebook.com/me?fields=name'

        """)
  }

  @Test func withTokenTheHeaderCarriesIt() {
    let code = CodeGenerator(includeToken: true).code(
      for: Self.request, in: .swift, headers: Self.headers)
    #expect(
      code.contains(
        #"request.setValue("OAuth TOKEN_IN_HEADER", forHTTPHeaderField: "Authorization")"#))
    #expect(code.contains(#"request.setValue("fr_FR", forHTTPHeaderField: "Accept-Language")"#))
    #expect(!code.contains("access_token"))
    #expect(!code.contains("Host"))
  }

  @Test func anAccessTokenParameterStaysAParameter() {
    let request = GraphRequest(
      .get, "me", parameters: ["access_token": "PARAM"], accessToken: "PARAM")
    let code = CodeGenerator().code(
      for: request, in: .curl, headers: ["Authorization": "Bearer OTHER"])
    #expect(code.contains("access_token=<ACCESS_TOKEN>"))
    #expect(code.contains("-H 'Authorization: Bearer <ACCESS_TOKEN>'"))
    #expect(!code.contains("OTHER"))
  }

  @Test func theSDKsSendTheTokenTheirWayAndSayWhatTheyCannotSend() {
    let generator = CodeGenerator()
    let objc = generator.code(for: Self.request, in: .objc, headers: Self.headers)
    #expect(objc.contains("// FBRequest cannot send headers; not sent: Accept-Language: fr_FR\n"))
    #expect(!objc.contains("Authorization"))
    let python = generator.code(for: Self.request, in: .python, headers: Self.headers)
    #expect(python.contains(#"graph.session.headers.update({"Accept-Language": "fr_FR"})"#))
    #expect(python.contains(#"facebook.GraphAPI(access_token="<ACCESS_TOKEN>")"#))
    #expect(!python.contains("TOKEN_IN_HEADER"))
  }

  @Test func curlAndPythonDeliverTheHeaders() throws {
    for language in [CodeLanguage.curl, .python] {
      let stub = try LoopbackHTTPStub(json: #"{"id":"1"}"#)
      defer { stub.stop() }
      var code = CodeGenerator(baseURL: stub.baseURL, includeToken: true).code(
        for: Self.request, in: language, headers: Self.headers)
      if language == .python {
        code = code.replacingOccurrences(
          of: "import facebook\n",
          with: "import facebook\nfacebook.FACEBOOK_GRAPH_URL = \"\(stub.baseURL)/\"\n")
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments =
        language == .curl ? ["bash", "-c", code + " >/dev/null"] : ["python3", "-c", code]
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(language)")
      let seen = try #require(stub.requests.first)
      #expect(seen.headers["Accept-Language"] == "fr_FR", "\(language)")
      #expect(try GraphRequest(parsing: seen).accessToken == "TOKEN_IN_HEADER", "\(language)")
      #expect(
        (seen.headers["Authorization"] != nil) == (language == .curl),
        "\(language): the header, or the package's access_token parameter")
    }
  }
}
