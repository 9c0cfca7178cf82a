import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// Inputs that `Scripts/fuzz cassette` found troublesome, kept so they stay fixed.
@Suite struct FuzzRegressionTests {
  /// A flow collection spread over many lines used to be re-parsed from its first line each
  /// time a line was added: quadratic, so a 4 KB HAR file read as YAML took 0.5 s of CPU
  /// (and libFuzzer's 10 s limit on a loaded machine), 16 KB took 7 s, 400 KB minutes.
  @Test(.timeLimit(.minutes(1)))
  func longMultiLineFlowCollectionsParseInOnePass() throws {
    let entries = (0..<1000).map { n in
      """
        {request: {method: GET, uri: 'https://graph.facebook.com/\(n)', body: null, headers: {}},
         response: {status: {code: 200, message: OK}, headers: {}, body: {string: '{"id":"\(n)"}'}}}
      """
    }
    let yaml = "version: 1\ninteractions: [\n" + entries.joined(separator: ",\n") + "\n]\n"
    let (cassette, format) = try Interchange.importCassette(
      Array(yaml.utf8), path: "long.yaml", format: .vcrpyYAML)
    #expect(format == .vcrpyYAML)
    #expect(cassette.interactions.count == 1000)
    #expect(cassette.interactions.last?.request.url == "https://graph.facebook.com/999")
    #expect(cassette.interactions.last?.response.bodyText == #"{"id":"999"}"#)
  }

  /// A Ruby VCR `recorded_at` with a combining mark after a digit made Foundation's
  /// DateFormatter trap (`Incorrect range CFRange`) inside `import`: found by the fuzzer.
  @Test func aDateWithCombiningMarksIsKeptAsTextNotACrash() throws {
    let yaml = """
      ---
      http_interactions:
      - request:
          method: get
          uri: https://graph.facebook.com/me
          body:
            encoding: UTF-8
            string: ''
          headers: {}
        response:
          status:
            code: 200
            message: OK
          headers: {}
          body:
            encoding: UTF-8
            string: '{"id":"1"}'
          http_version:
        recorded_at: Tue, 01 Nov 2011 0\u{033F}58:44 GMT
      recorded_with: VCR 2.9.3

      """
    let (cassette, format) = try Interchange.importCassette(Array(yaml.utf8), path: "x.yml")
    #expect(format == .vcrYAML)
    #expect(cassette.interactions.count == 1)
    #expect(HTTPDates.date(rfc1123: "Tue, 01 Nov 2011 0\u{033F}58:44 GMT") == nil)
    #expect(HTTPDates.date(rfc1123: "Tue, 01 Nov 2011 04:58:44 GMT") != nil)
  }
}
