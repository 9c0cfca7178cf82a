import Foundation
import GraphAPI
import GraphCassette
import GraphGzip
import GraphLive
import GraphTestSupport
import Testing

/// `CurlTransport` receives answers as the server sent them (libcurl's content decoding is
/// off) and inflates gzip and deflate itself: the decoded answer for readers, the bytes as
/// received in `received`, limits on both.
@Suite(.timeLimit(.minutes(2))) struct CurlDecodingTests {
  static let me = Array(#"{"id":"4","name":"Mark Zuckerberg"}"#.utf8)
  static let jsonType = ("Content-Type", "application/json; charset=UTF-8")

  static func answering(_ encoding: String?, _ body: [UInt8]) throws -> FaultServer {
    var headers = [jsonType]
    if let encoding { headers.append(("Content-Encoding", encoding)) }
    return try FaultServer(always: .answer(status: 200, headers: headers, body: body))
  }

  /// zlib data of `bytes`, and the raw deflate inside it.
  static func zlib(_ bytes: [UInt8]) -> (zlib: [UInt8], raw: [UInt8]) {
    let gzip = Gzip.compress(bytes)
    let raw = Array(gzip[10..<(gzip.count - 8)])
    let adler = Gzip.adler32(bytes)
    let trailer = (0..<4).map { UInt8(truncatingIfNeeded: adler >> (8 * (3 - UInt32($0)))) }
    return ([0x78, 0x9C] + raw + trailer, raw)
  }

  @Test func gzipIsInflatedHereAndTheReceivedBytesKept() async throws {
    let gzip = Gzip.compress(Self.me)
    let server = try Self.answering("gzip", gzip)
    defer { server.stop() }
    let answer = try await CurlTransport(timeout: .seconds(10)).send(
      HTTPRequest(url: server.baseURL + "/me"))
    #expect(answer.body == Self.me)
    #expect(answer.headers["Content-Encoding"] == nil)
    #expect(answer.received == ReceivedBody(encoding: "gzip", bytes: gzip))
    // Asked for what we can decode, unless the request says otherwise.
    #expect(server.requests.first?.headers["Accept-Encoding"] == "gzip, deflate")
  }

  @Test(arguments: [true, false])
  func deflateIsInflatedAsZlibOrRaw(zlibWrapped: Bool) async throws {
    let (zlib, raw) = Self.zlib(Self.me)
    let server = try Self.answering("deflate", zlibWrapped ? zlib : raw)
    defer { server.stop() }
    let answer = try await CurlTransport(timeout: .seconds(10)).send(
      HTTPRequest(url: server.baseURL + "/me"))
    #expect(answer.body == Self.me)
    #expect(answer.received?.bytes == (zlibWrapped ? zlib : raw))
  }

  @Test func plainAnswersHaveNoReceivedForm() async throws {
    let server = try Self.answering(nil, Self.me)
    defer { server.stop() }
    let answer = try await CurlTransport(timeout: .seconds(10)).send(
      HTTPRequest(url: server.baseURL + "/me"))
    #expect(answer.body == Self.me)
    #expect(answer.received == nil)
  }

  @Test func damagedGzipIsAClearNetworkError() async throws {
    var gzip = Gzip.compress(Self.me)
    gzip[gzip.count - 5] ^= 0xFF
    let server = try Self.answering("gzip", gzip)
    defer { server.stop() }
    await #expect(
      throws: GraphLiveError.network(
        host: "127.0.0.1",
        reason:
          "the answer's Content-Encoding gzip does not decode: not valid gzip data: the CRC-32 does not match the data"
      )
    ) {
      _ = try await CurlTransport(timeout: .seconds(10)).send(
        HTTPRequest(url: server.baseURL + "/me"))
    }
  }

  /// The limit holds for what is received too: a plain answer larger than it is not read on.
  @Test func aPlainAnswerPastTheLimitStopsThere() async throws {
    let server = try Self.answering(nil, [UInt8](repeating: 0x20, count: 3 << 20))
    defer { server.stop() }
    await #expect(throws: GraphLiveError.answerTooLarge(host: "127.0.0.1", limit: 1 << 20)) {
      _ = try await CurlTransport(timeout: .seconds(10), maxAnswerBytes: 1 << 20).send(
        HTTPRequest(url: server.baseURL + "/big"))
    }
  }

  @Test func theLimitCanChangeBetweenRequests() async throws {
    let server = try Self.answering("gzip", GzipBomb.zeros(repeats: 8000))
    defer { server.stop() }
    let transport = CurlTransport(timeout: .seconds(10))
    let whole = try await transport.send(HTTPRequest(url: server.baseURL + "/zeros"))
    #expect(whole.body.count == GzipBomb.inflatedSize(repeats: 8000))
    transport.maxAnswerBytes = 1 << 20
    await #expect(throws: GraphLiveError.answerTooLarge(host: "127.0.0.1", limit: 1 << 20)) {
      _ = try await transport.send(HTTPRequest(url: server.baseURL + "/zeros"))
    }
  }

  /// Each transfer runs on its own thread: a stalled one does not hold the next, even past
  /// URLSession's old six per host.
  @Test func stalledTransfersDoNotHoldOthers() async throws {
    let server = try FaultServer { request in
      request.url.hasPrefix("/stall") ? .stall : .json(#"{"id":"4"}"#)
    }
    defer { server.stop() }
    let transport = CurlTransport(timeout: .seconds(30))
    let stalled = (0..<8).map { n in
      Task { try await transport.send(HTTPRequest(url: server.baseURL + "/stall/\(n)")) }
    }
    while server.requests.count < 8 { try await Task.sleep(for: .milliseconds(10)) }
    let answer = try await transport.send(HTTPRequest(url: server.baseURL + "/me"))
    #expect(answer.bodyText == #"{"id":"4"}"#)
    for task in stalled { task.cancel() }
    for task in stalled {
      await #expect(throws: CancellationError.self) { _ = try await task.value }
    }
  }
}
