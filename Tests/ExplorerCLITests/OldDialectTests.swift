import Foundation
import GraphAPI
import GraphTestSupport
import Testing

@testable import GraphCassette

/// Issue 27: the old dialects real repositories still hold, each in the shape its recorder
/// wrote, imported with every interaction, audited clean once imported, and replayed through
/// `serve` byte for byte but for redaction.
@Suite struct OldDialectTests {
  /// One dialect's file and what each of its interactions answers.
  struct Dialect: Sendable, CustomStringConvertible {
    var name: String
    var file: String
    var text: String
    /// Each interaction's method, path with query, request body and answer body as served.
    var exchanges: [(method: String, path: String, body: String, answer: [UInt8])]
    var description: String { name }
  }

  static let dialects: [Dialect] = [
    Dialect(
      name: "Ruby VCR 1.x structs", file: "vcr1.yml", text: vcr1,
      exchanges: [
        (
          "GET", "/me?fields=id,name&access_token=X", "",
          Array(#"{"id":"100001000000001","name":"Alice"}"#.utf8)
        ),
        (
          "POST", "/me/feed", "message=hello&access_token=X",
          Array(#"{"id":"100001000000001_1"}"#.utf8)
        ),
      ]),
    Dialect(
      name: "vcrpy under Python 2", file: "python2.yaml", text: python2,
      exchanges: [
        (
          "GET", "/v2.3/me?access_token=X&fields=id%2Cname", "",
          Array(#"{"id":"100001000000001","name":"Alice O'Hara"}"#.utf8)
        ),
        // An empty tagged body is empty, not the text of its tag.
        ("POST", "/v2.3/me/feed", "message=hi&access_token=X", []),
      ]),
    Dialect(
      name: "Ruby 1.9 !binary header names", file: "ruby19.yml", text: ruby19Binary,
      exchanges: [
        (
          "GET",
          "/oauth/access_token?client_id=123456&client_secret=X&grant_type=client_credentials",
          "", Array("access_token=<APP_ACCESS_TOKEN_1>".utf8)
        )
      ]),
  ]

  @Test(arguments: dialects)
  func importsAuditsCleanAndReplaysThroughServe(_ dialect: Dialect) async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file(dialect.file)
    try Data(dialect.text.utf8).write(to: URL(fileURLWithPath: file))
    let imported = scratch.file("imported.json")
    let run = await ScriptModeTests.run("", ["import", file, "-o", imported])
    #expect(run.status == .success, "\(run.errors)")
    #expect(
      run.output.contains("imported \(dialect.exchanges.count) interaction(s)"), "\(run.output)")
    // The original holds secrets in the clear; the import holds none.
    let dirty = await ScriptModeTests.run("", ["audit", file])
    #expect(
      dirty.status != .success && dirty.output.contains("\(dialect.file): interaction 1"),
      "\(dirty.output)")
    let clean = await ScriptModeTests.run("", ["audit", imported])
    #expect(clean.status == .success, "\(clean.output)\(clean.errors)")
    // Replayed from the file as the recorder wrote it.
    let server = try await ServeProcess.launch(["--replay", file])
    for (index, exchange) in dialect.exchanges.enumerated() {
      var arguments = ["curl", "-sS", "-g", "-X", exchange.method, "-o", "-"]
      if !exchange.body.isEmpty { arguments += ["--data-binary", exchange.body] }
      arguments.append(server.url + exchange.path)
      let answer = try await runProgram("/usr/bin/env", arguments)
      #expect(answer.status == 0, "#\(index): \(answer.error)")
      #expect(answer.bytes == exchange.answer, "\(dialect.name) #\(index): \(answer.output)")
    }
    #expect(await server.terminate() == 0)
    #expect(!server.log.contains(" 502 "), "every request matched: \(server.log)")
  }

  @Test func aDefaultPortIsDroppedFromAVCR1URI() {
    #expect(
      VCRCodec.withoutDefaultPort("https://graph.facebook.com:443/me?x=1")
        == "https://graph.facebook.com/me?x=1")
    #expect(VCRCodec.withoutDefaultPort("http://example.com:80") == "http://example.com")
    #expect(VCRCodec.withoutDefaultPort("http://example.com:8080/a") == "http://example.com:8080/a")
    #expect(VCRCodec.withoutDefaultPort("https://example.com:80/a") == "https://example.com:80/a")
  }

  static let vcr1 = """
    --- 
    - !ruby/struct:VCR::HTTPInteraction 
      request: !ruby/struct:VCR::Request 
        method: :get
        uri: https://graph.facebook.com:443/me?access_token=AAAB1234567890abcdefABCDEFtoken&fields=id,name
        body: 
        headers: 
          accept: 
          - "*/*"
      response: !ruby/struct:VCR::Response 
        status: !ruby/struct:VCR::ResponseStatus 
          code: 200
          message: OK
        headers: 
          content-type: 
          - text/javascript; charset=UTF-8
          content-length: 
          - "41"
        body: "{\\"id\\":\\"100001000000001\\",\\"name\\":\\"Alice\\"}"
        http_version: "1.1"
    - !ruby/struct:VCR::HTTPInteraction 
      request: !ruby/struct:VCR::Request 
        method: :post
        uri: https://graph.facebook.com:443/me/feed
        body: message=hello&access_token=AAAB1234567890abcdefABCDEFtoken
        headers: 
      response: !ruby/struct:VCR::Response 
        status: !ruby/struct:VCR::ResponseStatus 
          code: 200
          message: OK
        headers: 
          content-type: 
          - text/javascript; charset=UTF-8
        body: "{\\"id\\":\\"100001000000001_1\\"}"
        http_version: "1.1"
    """

  static let python2 = """
    interactions:
    - request:
        body: null
        headers:
          Accept: ['*/*']
          Connection: [keep-alive]
          User-Agent: [python-requests/2.7.0 CPython/2.7.10 Darwin/14.5.0]
        method: GET
        uri: https://graph.facebook.com/v2.3/me?access_token=CAAB1234567890abcdefABCDEFtoken&fields=id%2Cname
      response:
        body: {string: !!python/unicode '{"id":"100001000000001","name":"Alice
            O''Hara"}'}
        headers:
          content-type: [text/javascript; charset=UTF-8]
        status: {code: 200, message: OK}
    - request:
        body: !!python/unicode message=hi&access_token=CAAB1234567890abcdefABCDEFtoken
        headers:
          Content-Type: [application/x-www-form-urlencoded]
        method: POST
        uri: https://graph.facebook.com/v2.3/me/feed
      response:
        body: {string: !!python/unicode ''}
        headers:
          content-length: ['0']
          location: ['https://www.facebook.com/']
        status: {code: 302, message: Found}
    version: 1
    """

  static let ruby19Binary = """
    ---
    http_interactions:
    - request:
        method: get
        uri: https://graph.facebook.com/oauth/access_token?client_id=123456&client_secret=abcdef0123456789abcdef0123456789&grant_type=client_credentials
        body:
          encoding: US-ASCII
          string: ''
        headers: {}
      response:
        status:
          code: 200
          message: !binary |-
            T0s=
        headers:
          !binary "QWNjZXNzLUNvbnRyb2wtQWxsb3ctT3JpZ2lu":
          - !binary |-
            Kg==
          !binary "Q29udGVudC1UeXBl":
          - !binary |-
            dGV4dC9wbGFpbjsgY2hhcnNldD1VVEYtOA==
        body:
          encoding: ASCII-8BIT
          string: !binary |-
            YWNjZXNzX3Rva2VuPTEyMzQ1NnxhYmNkZWYwMTIzNDU2Nzg5YWJjZGVm
        http_version: 
      recorded_at: Wed, 12 Jun 2013 15:34:58 GMT
    recorded_with: VCR 2.5.0
    """
}
