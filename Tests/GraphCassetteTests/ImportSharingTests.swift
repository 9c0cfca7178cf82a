import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// Issue 15 §3: an import holds a long header list once. Redaction keeps the fields it does
/// not change (the same storage, not a copy of every field), and the native cassette is
/// printed straight into bounded pieces with the bytes `encoded()` gives.
@Suite struct ImportSharingTests {
  static let token = "EAABsharingTestToken0123456789abcdef"

  static func list(_ count: Int) -> HTTPHeaders {
    HTTPHeaders(
      (0..<count).map { .init(name: "X-List", value: "item number \($0) of the flow list") })
  }

  static func storage(_ headers: HTTPHeaders) -> UnsafeRawPointer? {
    headers.fields.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func headersWithoutASecretKeepTheirStorage() {
    var redactor = Redactor()
    let headers = Self.list(2000)
    let interaction = Interaction(
      request: HTTPRequest(url: "https://graph.facebook.com/me?access_token=\(Self.token)"),
      response: HTTPResponse(status: 200, headers: headers, body: Array("{}".utf8)),
      recordedAt: "")
    let out = redactor.redact(interaction)
    #expect(out.request.url == "https://graph.facebook.com/me?access_token=<ACCESS_TOKEN_1>")
    #expect(out.response.headers == headers)
    #expect(Self.storage(out.response.headers) == Self.storage(headers))
  }

  @Test func aHeaderHoldingASecretIsStillReplaced() {
    var redactor = Redactor()
    var headers = Self.list(10)
    headers.add("X-Echo", "token=\(Self.token)")
    let interaction = Interaction(
      request: HTTPRequest(url: "https://graph.facebook.com/me?access_token=\(Self.token)"),
      response: HTTPResponse(status: 200, headers: headers), recordedAt: "")
    let out = redactor.redact(interaction)
    #expect(out.response.headers["X-Echo"] == "token=<ACCESS_TOKEN_1>")
    #expect(Array(out.response.headers.prefix(10)) == Array(headers.prefix(10)))
    #expect(Self.storage(headers) != Self.storage(out.response.headers))
  }

  /// `count` interactions, the `n`th answering with `values(n)` header values.
  static func cassette(count: Int, values: (Int) -> Int) -> Cassette {
    var cassette = Cassette(recordedWith: "test")
    for n in 0..<count {
      cassette.interactions.append(
        Interaction(
          request: HTTPRequest(url: "https://graph.facebook.com/me?n=\(n)"),
          response: HTTPResponse(
            status: 200, headers: list(values(n)), body: Array("{\"a\": 1}".utf8)),
          recordedAt: "2026-12-01T10:00:00Z"))
    }
    return cassette
  }

  @Test func aLongHeaderListPrintsIntoBoundedPieces() {
    var cassette = Self.cassette(count: 3) { $0 == 1 ? 20_000 : 3 }
    let whole = cassette.encoded()
    let chunks = Array(cassette.takeEncodedChunks())
    #expect(cassette.interactions.isEmpty)
    #expect(chunks.count > 8)
    #expect(chunks.allSatisfy { !$0.isEmpty && $0.count <= 65536 })
    #expect(Array(chunks.joined()) == whole)
  }

  @Test func piecesHandedToAWriterAreTheSameBytes() {
    var cassette = Self.cassette(count: 40) { $0 % 7 == 0 ? 5_000 : 2 }
    let whole = cassette.encoded()
    var chunks = cassette.takeEncodedChunks()
    // One piece taken the usual way first, the rest written.
    var written = chunks.next() ?? []
    var pieces = 0
    #expect(
      chunks.writeEach { piece in
        pieces += 1
        written += piece
        return piece.count <= 65536 ? nil : "too large"
      } == nil)
    #expect(written == whole)
    #expect(pieces > 8)
    var empty = Cassette(recordedWith: "x")
    var stopped = empty.takeEncodedChunks()
    #expect(stopped.writeEach { _ in "disk full" } == "disk full")
  }
}
