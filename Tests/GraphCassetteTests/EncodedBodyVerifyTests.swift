import GraphAPI
import GraphGzip
import GraphJSON
import Testing

@testable import GraphCassette

/// Issue 27: verify compares decoded JSON whatever the stored encoding: a recording kept
/// gzip- or deflate-compressed as it came agrees with a plain answer of the same JSON.
@Suite struct EncodedBodyVerifyTests {
  static let json = Array(#"{"id":"1","name":"Same"}"#.utf8)

  static func interaction(body: [UInt8], encoding: String?) -> Interaction {
    var headers: HTTPHeaders = ["Content-Type": "application/json"]
    if let encoding { headers["Content-Encoding"] = encoding }
    return Interaction(
      request: HTTPRequest(.get, url: "https://graph.facebook.com/v2.2/me"),
      response: HTTPResponse(status: 200, headers: headers, body: body),
      recordedAt: "2026-12-04T00:00:00.000Z")
  }

  @Test func aGzipStoredRecordingAgreesWithThePlainAnswer() {
    let verifier = CassetteVerifier(target: FakeGraph())
    let plain = HTTPResponse(
      status: 200, headers: ["Content-Type": "application/json"], body: Self.json)
    let gzipped = Self.interaction(body: Gzip.compress(Self.json), encoding: "gzip")
    #expect(verifier.compare(gzipped, plain).isEmpty, "\(verifier.compare(gzipped, plain))")
    // A different JSON still drifts, field by field.
    let other = HTTPResponse(
      status: 200, headers: ["Content-Type": "application/json"],
      body: Array(#"{"id":"1","name":"Other"}"#.utf8))
    #expect(verifier.compare(gzipped, other).contains { $0.hasPrefix("body name:") })
  }
}
