import Foundation
import GraphAPI
import GraphServer
import GraphTestSupport
import Testing

@testable import GraphLive

/// `LoopHTTPTransport`, the upstream client `serve --record` runs on its I/O loop (issue 48):
/// what it sends and reads is what libcurl sends and reads, failures say what libcurl's say, and
/// a hostile upstream fails its own exchange without holding any other.
@Suite(.timeLimit(.minutes(2))) struct LoopHTTPTransportTests {
  static let me = FaultInjectionTests.me

  /// Every fault of `FaultInjectionTests` ends through the loop exactly as through libcurl:
  /// the same status, sorted headers and body, or the same error message; then the same
  /// transport goes on. The loop's libcurl fallback cannot load, so the loop did the exchange.
  @Test(arguments: FaultInjectionTests.cases)
  func eachFaultEndsAsThroughLibcurl(_ item: FaultInjectionTests.Case) async throws {
    let server = try FaultServer { request in
      request.url.hasPrefix("/fault") ? item.fault : .json(Self.me)
    }
    defer { server.stop() }
    let curl: Result<HTTPResponse, any Error>
    do {
      curl = .success(
        try await CurlTransport(timeout: item.timeout).send(
          HTTPRequest(url: server.baseURL + "/fault")))
    } catch {
      curl = .failure(error)
    }
    let relay = try LoopRelay(base: server.baseURL, timeout: item.timeout)
    defer { relay.stop() }
    let answer = try relay.get("/fault")
    let (status, body) = LoopRelay.expected(curl)
    #expect(answer.status == status, "\(item.name): \(answer.bodyText)")
    #expect(answer.bodyText == String(decoding: body, as: UTF8.self), "\(item.name)")
    let next = try relay.get("/me")
    #expect(next.status == 200)
    #expect(next.bodyText.hasSuffix("\n\n" + Self.me))
  }

  /// What goes upstream is what libcurl sends for the same request: the request line and every
  /// header, in order (defaults included), and the body.
  @Test(arguments: [
    HTTPRequest(method: "GET", url: "/v2.0/me?fields=id,name&access_token=T"),
    HTTPRequest(
      method: "POST", url: "/v2.0/me/feed",
      headers: ["Content-Type": "application/x-www-form-urlencoded", "X-Empty": ""],
      body: Array("message=hi&access_token=T".utf8)),
    HTTPRequest(method: "POST", url: "/v2.0/me/feed", body: Array("message=x".utf8)),
    HTTPRequest(method: "DELETE", url: "/v2.0/123?access_token=T"),
    HTTPRequest(
      method: "GET", url: "/x", headers: ["Accept": "application/json", "User-Agent": "sdk"]),
  ])
  func sendsWhatLibcurlSends(_ request: HTTPRequest) async throws {
    let server = try FaultServer { _ in .json(Self.me) }
    defer { server.stop() }
    var direct = request
    direct.url = server.baseURL + request.url
    _ = try await CurlTransport(timeout: .seconds(5)).send(direct)
    let relay = try LoopRelay(base: server.baseURL, timeout: .seconds(5))
    defer { relay.stop() }
    let client = try RawClient(port: relay.port, timeout: 10)
    var head = "\(request.method) \(request.url) HTTP/1.1\r\nHost: h\r\n"
    for field in request.headers { head += "\(field.name): \(field.value)\r\n" }
    head += "Content-Length: \(request.body.count)\r\n\r\n"
    try client.send(Array(head.utf8) + request.body)
    #expect(try client.readResponse().status == 200)
    let seen = server.requests
    try #require(seen.count == 2)
    #expect(seen[1].method == seen[0].method)
    #expect(seen[1].url == seen[0].url)
    #expect(seen[1].headers.fields == seen[0].headers.fields)
    #expect(seen[1].body == seen[0].body)
  }

  /// Upstreams that stall, close mid-answer, answer garbage, or send a chunk or chunks without
  /// end: each fails its own request with a clear message; requests made meanwhile are
  /// answered at once.
  @Test func hostileUpstreamsHoldNoOtherRequest() async throws {
    let endlessHead = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
    let piece = [UInt8](repeating: 0x61, count: 4096)
    let server = try FaultServer { request in
      switch request.url {
      case "/stall": .stall
      case "/cut": .cutJSON(String(repeating: "x", count: 10_000), reset: false)
      case "/garbage": .raw(Array("SSH-2.0-OpenSSH_9.6\r\n\r\n".utf8))
      case "/chunk": .endless(head: endlessHead + Array("7ffffff\r\n".utf8), piece: piece)
      case "/chunks": .endless(head: endlessHead, piece: Array("1000\r\n".utf8) + piece + [13, 10])
      default: .json(Self.me)
      }
    }
    defer { server.stop() }
    let relay = try LoopRelay(base: server.baseURL, timeout: .seconds(4), maxAnswerBytes: 1 << 20)
    defer { relay.stop() }
    let hostile = ["/stall", "/cut", "/garbage", "/chunk", "/chunks"]
    var clients: [RawClient] = []
    for path in hostile {
      let client = try RawClient(port: relay.port, timeout: 20)
      try client.send("GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n")
      clients.append(client)
    }
    let started = Date()
    for _ in 0..<5 {
      let answer = try relay.get("/me")
      #expect(answer.status == 200)
    }
    #expect(Date().timeIntervalSince(started) < 3, "the stalled upstream held the others")
    let messages = try clients.map { try $0.readResponse() }
    #expect(messages.map(\.status) == [599, 599, 599, 599, 599])
    let texts = messages.map(\.bodyText)
    #expect(texts[0] == "no answer from 127.0.0.1 within 4 s")
    #expect(texts[1].hasPrefix("network error talking to 127.0.0.1: transfer closed with "))
    #expect(texts[2] == "network error talking to 127.0.0.1: Received HTTP/0.9 when not allowed")
    let tooLarge =
      "the answer from 127.0.0.1 is larger than 1 MiB once decoded (the limit on answers); reading stopped there"
    #expect(texts[3] == tooLarge)
    #expect(texts[4] == tooLarge)
  }

  /// A kept connection the upstream closed while idle is replaced, and the request answered.
  @Test func aKeptConnectionClosedByTheUpstreamIsReplaced() throws {
    var configuration = GraphServer.Configuration()
    configuration.idleTimeout = .milliseconds(100)
    let upstream = GraphServer(
      transport: FixedAnswer(body: Array(Self.me.utf8)), configuration: configuration)
    let upstreamPort = try upstream.start()
    defer { upstream.stop() }
    let relay = try LoopRelay(base: "http://127.0.0.1:\(upstreamPort)", timeout: .seconds(5))
    defer { relay.stop() }
    let client = try RawClient(port: relay.port, timeout: 10)
    for _ in 0..<3 {
      try client.send("GET /me HTTP/1.1\r\nHost: h\r\n\r\n")
      let answer = try client.readResponse()
      #expect(answer.status == 200)
      #expect(answer.bodyText.hasSuffix("\n\n" + Self.me))
      // Past the upstream's idle timeout: it closes the kept connection.
      Thread.sleep(forTimeInterval: 0.3)
    }
  }

  struct FixedAnswer: GraphTransport {
    let body: [UInt8]
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
  }
}

/// `UpstreamAnswerReader` on answers cut at every byte.
@Suite struct UpstreamAnswerReaderTests {
  static func read(_ text: String, expectsBody: Bool = true, limit: Int = 1 << 20)
    throws(UpstreamAnswerReader.Failure) -> UpstreamAnswerReader
  {
    var reader = UpstreamAnswerReader(limit: limit, expectsBody: expectsBody)
    for byte in Array(text.utf8) {
      try [byte].withUnsafeBytes { buffer in
        Result { () throws(UpstreamAnswerReader.Failure) in try reader.receive(buffer) }
      }.get()
    }
    return reader
  }

  @Test func chunkedAfterAnInterimAnswerWithATrailer() throws {
    let reader = try Self.read(
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n"
        + "X-A:  b \r\n\r\n4;ext=1\r\nWiki\r\n5\r\npedia\r\n0\r\nX-Trailer: t\r\n\r\n")
    #expect(reader.isDone)
    #expect(reader.status == 200)
    #expect(String(decoding: reader.body, as: UTF8.self) == "Wikipedia")
    #expect(
      reader.headers.fields.map { "\($0.name)=\($0.value)" } == [
        "Transfer-Encoding=chunked", "X-A=b", "X-Trailer=t",
      ])
    #expect(reader.keepAlive)
  }

  @Test func framingAndKeepAlive() throws {
    let head = try Self.read("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", expectsBody: false)
    #expect(head.isDone && head.body.isEmpty && head.keepAlive)
    let old = try Self.read("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi")
    #expect(old.isDone && !old.keepAlive)
    let closing = try Self.read("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
    #expect(closing.isDone && !closing.keepAlive)
    let extra = try Self.read("HTTP/1.1 204 No Content\r\n\r\nzz")
    #expect(extra.isDone && !extra.keepAlive)
    var untilClose = try Self.read("HTTP/1.1 200 OK\r\n\r\nabc")
    #expect(!untilClose.isDone)
    try untilClose.receiveEnd()
    #expect(untilClose.isDone && String(decoding: untilClose.body, as: UTF8.self) == "abc")
  }

  @Test func failures() {
    #expect(throws: UpstreamAnswerReader.Failure.tooLarge) {
      try Self.read("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n", limit: 10)
    }
    #expect(throws: UpstreamAnswerReader.Failure.tooLarge) {
      try Self.read(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n12345678\r\n3\r\n", limit: 10)
    }
    #expect(throws: UpstreamAnswerReader.Failure.malformed("Unsupported HTTP version in response"))
    {
      try Self.read("HTTP/2 200\r\n\r\n")
    }
    #expect(throws: UpstreamAnswerReader.Failure.malformed("Invalid Content-Length: -1")) {
      try Self.read("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n")
    }
    #expect(
      throws: UpstreamAnswerReader.Failure.malformed(
        "Illegal or missing hexadecimal sequence in chunked-encoding")
    ) {
      try Self.read("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
    }
    var cut = UpstreamAnswerReader(limit: 100, expectsBody: true)
    #expect(throws: UpstreamAnswerReader.Failure.malformed("Empty reply from server")) {
      try cut.receiveEnd()
    }
  }
}
