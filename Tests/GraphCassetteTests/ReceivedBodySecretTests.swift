import Foundation
import GraphAPI
import GraphGzip
import GraphJSON
import Testing

@testable import GraphCassette

/// An answer that came gzip is stored as received, compressed: a token in it must not reach
/// disk that way either. When redaction replaces anything in the decoded body, the decoded,
/// redacted body is stored instead of the bytes received.
@Suite struct ReceivedBodySecretTests {
  static let token = "EAAB" + String(repeating: "Zq9", count: 30)

  static func interaction(_ answer: [UInt8]) -> Interaction {
    let gzip = Gzip.compress(answer)
    return Interaction(
      request: HTTPRequest(
        url: "https://graph.facebook.com/v2.2/me/accounts?access_token=\(token)"),
      response: HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: answer,
        received: ReceivedBody(encoding: "gzip", bytes: gzip)), recordedAt: "2026-12-01T10:00:00Z")
  }

  @Test func aTokenInAnAnswerReceivedGzipNeverReachesDiskCompressed() throws {
    let answer = Array(#"{"data":[{"id":"1","access_token":"\#(Self.token)"}]}"#.utf8)
    var redactor = Redactor()
    let redacted = redactor.redact(Self.interaction(answer))
    #expect(redacted.response.received == nil)
    var cassette = Cassette()
    cassette.interactions = [redacted]
    let written = cassette.encoded()
    #expect(!String(decoding: written, as: UTF8.self).contains(Self.token))
    #expect(!String(decoding: written, as: UTF8.self).contains("Content-Encoding"))
    let back = try Cassette(bytes: written)
    #expect(
      back.interactions.first?.response.bodyText
        == #"{"data":[{"id":"1","access_token":"<ACCESS_TOKEN_1>"}]}"#)
  }

  @Test func aLargeAnswerWithoutSecretsKeepsItsReceivedBytes() throws {
    let answer = Array(
      ("[" + String(repeating: #"{"id":"1","name":"Page"},"#, count: 50_000) + "{}]").utf8)
    var redactor = Redactor()
    let original = Self.interaction(answer)
    let redacted = redactor.redact(original)
    #expect(redacted.response.received == original.response.received)
    var cassette = Cassette()
    cassette.interactions = [redacted]
    let text = String(decoding: cassette.encoded(), as: UTF8.self)
    let base64 = Data(try #require(original.response.received?.bytes)).base64EncodedString()
    #expect(text.contains(#""gzip": "\#(base64)""#))
    #expect(text.contains(#""Content-Encoding": "gzip""#))
  }

  /// A small answer that came gzip (Graph compresses nearly all) is stored readable, decoded.
  @Test func aSmallAnswerReceivedGzipIsStoredReadable() throws {
    let answer = Array(#"{"id":"1","name":"Page"}"#.utf8)
    var redactor = Redactor()
    var cassette = Cassette()
    cassette.interactions = [redactor.redact(Self.interaction(answer))]
    let text = String(decoding: cassette.encoded(), as: UTF8.self)
    #expect(text.contains(#""json": {"#))
    #expect(!text.contains("Content-Encoding"))
    let back = try Cassette(bytes: cassette.encoded())
    #expect(back.interactions.first?.response.body == answer)
    #expect(back.interactions.first?.response.received == nil)
  }

  /// An imported answer whose header says gzip but whose body is plain (as HAR tools write
  /// it) keeps its form: it is not read back as received bytes.
  @Test func aLabelledPlainBodyRoundTripsUnchanged() throws {
    let body = Array(String(repeating: #"{"id":"1"},"#, count: 200_000).utf8)
    var cassette = Cassette()
    cassette.interactions = [
      Interaction(
        request: HTTPRequest(url: "https://graph.facebook.com/v2.2/me"),
        response: HTTPResponse(
          status: 200, headers: ["Content-Encoding": "gzip"], body: body),
        recordedAt: "2026-12-01T10:00:00Z")
    ]
    let back = try Cassette(bytes: cassette.encoded())
    #expect(back.interactions.first?.response == cassette.interactions.first?.response)
  }
}
