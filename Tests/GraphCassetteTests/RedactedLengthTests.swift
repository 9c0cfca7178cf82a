import GraphAPI
import GraphGzip
import Testing

@testable import GraphCassette

/// Issue 27: after redaction, `Content-Length` follows the body that is kept.
@Suite struct RedactedLengthTests {
  static let token = "EAAGm0PX4ZCpsBAKZBzRAWTOKENFORLENGTH1"

  @Test func theLengthFollowsARedactedGzipBody() {
    let json = Array(#"{"id":"1","echo":"\#(Self.token)"}"#.utf8)
    let gzipped = Gzip.compress(json)
    let interaction = Interaction(
      request: HTTPRequest(
        .post, url: "https://graph.facebook.com/v2.2/me/feed",
        headers: [
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String("message=hi&access_token=\(Self.token)".utf8.count),
        ],
        body: Array("message=hi&access_token=\(Self.token)".utf8)),
      response: HTTPResponse(
        status: 200,
        headers: [
          "Content-Type": "application/json", "Content-Encoding": "gzip",
          "Content-Length": String(gzipped.count),
        ], body: gzipped),
      recordedAt: "2026-12-04T00:00:00.000Z")
    var redactor = Redactor()
    let out = redactor.redact(interaction)
    #expect(out.response.body != gzipped, "the token was taken out")
    #expect(out.response.headers["Content-Length"] == String(out.response.body.count))
    #expect(out.request.headers["Content-Length"] == String(out.request.body.count))
    #expect(!String(decoding: out.request.body, as: UTF8.self).contains(Self.token))
  }
}
