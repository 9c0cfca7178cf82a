import Foundation
import GraphAPI
import GraphGzip
import GraphJSON
import Testing

@testable import GraphCassette

/// Ruby VCR cassettes of Koala and Faraday hold answers as Graph sent them, gzip, as `!binary`:
/// a token in such an answer (a test user's or a Page's `access_token`) is found and replaced
/// like one in a text body, and the body is compressed again; an answer without one keeps its bytes.
@Suite struct GzipSecretTests {
  static let token = "EAAB" + String(repeating: "Zq9", count: 30)

  static func yaml(_ body: [UInt8]) -> [UInt8] {
    let base64 = Data(body).base64EncodedString()
    return Array(
      """
      ---
      http_interactions:
      - request:
          method: post
          uri: https://graph.facebook.com/v2.2/123/accounts/test-users
          body:
            encoding: UTF-8
            string: installed=true
          headers:
            Accept-Encoding:
            - gzip
        response:
          status:
            code: 200
            message: OK
          headers:
            Content-Type:
            - application/json; charset=UTF-8
            Content-Encoding:
            - gzip
          body:
            encoding: ASCII-8BIT
            string: !binary |-
              \(base64)
          http_version:
        recorded_at: Tue, 01 Dec 2026 10:00:00 GMT
      recorded_with: VCR 6.1.0

      """.utf8)
  }

  @Test func aTokenInAGzipAnswerIsReplacedAndTheBodyStaysGzip() throws {
    let answer = Array(#"{"id":"1001","access_token":"\#(Self.token)","login_url":"x"}"#.utf8)
    let (cassette, _) = try Interchange.importCassette(
      Self.yaml(Gzip.compress(answer)), path: "koala.yml")
    let body = try #require(cassette.interactions.first?.response.body)
    #expect(Gzip.looksCompressed(body))
    let inflated = String(decoding: try Gzip.decompress(body, limit: 1 << 20), as: UTF8.self)
    // The answer of accounts/test-users: a test user's token, and its placeholder says so.
    #expect(
      inflated == #"{"id":"1001","access_token":"<TEST_USER_ACCESS_TOKEN_1>","login_url":"x"}"#)
    let written = String(decoding: cassette.encoded(), as: UTF8.self)
    #expect(!written.contains(Self.token))
  }

  @Test func auditNamesTheGzipBodyAndAPlainGzipAnswerKeepsItsBytes() throws {
    let secret = Gzip.compress(Array(#"{"access_token":"\#(Self.token)"}"#.utf8))
    let read = try Interchange.read(Self.yaml(secret), path: "koala.yml").cassette
    var redactor = Redactor()
    let findings = redactor.findings(in: read)
    #expect(findings.map(\.place) == ["response.body (gzip)"])
    #expect(!findings.description.contains(Self.token))

    let plain = Gzip.compress(Array(#"{"id":"1001","name":"Alice"}"#.utf8))
    let (cassette, _) = try Interchange.importCassette(Self.yaml(plain), path: "koala.yml")
    #expect(cassette.interactions.first?.response.body == plain)
  }
}
