import GraphJSON
import Testing

@testable import GraphCassette

/// A YAML cassette saved with a byte order mark got an error pointing at line 3, and one with
/// CRLF line ends was "unrecognised" (Swift reads `\r\n` as one Character, so no line was
/// split): both are read like the plain file now.
@Suite struct YAMLLineEndTests {
  static let yaml = """
    ---
    http_interactions:
    - request:
        method: get
        uri: https://graph.facebook.com/me
        body:
          encoding: UTF-8
          string: ''
        headers:
          Accept: [application/json,
            text/plain]
      response:
        status:
          code: 200
          message: OK
        headers: {}
        body:
          encoding: UTF-8
          string: |
            {"id":"1"}
      recorded_at: Tue, 01 Nov 2011 04:58:44 GMT
    recorded_with: VCR 2.9.3

    """

  static let variants: [(String, String)] = [
    ("LF", yaml),
    ("BOM", "\u{FEFF}" + yaml),
    ("CRLF", yaml.replacingAll("\n", with: "\r\n")),
    ("BOM and CRLF", "\u{FEFF}" + yaml.replacingAll("\n", with: "\r\n")),
  ]

  @Test(arguments: variants)
  func everyVariantImportsTheSame(name: String, text: String) throws {
    let (cassette, format) = try Interchange.importCassette(Array(text.utf8), path: "x.yml")
    #expect(format == .vcrYAML, "\(name)")
    #expect(cassette.interactions.count == 1)
    #expect(cassette.interactions.first?.request.url == "https://graph.facebook.com/me")
    #expect(cassette.interactions.first?.response.bodyText == "{\"id\":\"1\"}\n")
    #expect(
      cassette.interactions.first?.request.headers["Accept"]?.hasPrefix("application/json") == true)
  }

}
