import Foundation
import GraphAPI
import GraphCassette
import GraphServer
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// `serve --replay` and `serve --record` under hostile load: a huge cassette with many misses,
/// stalled upstream requests, a 60 MiB upstream answer.
@Suite(.serialized) struct ServePressureTests {
  /// An upstream whose `/stall` requests answer only after `stall`, whose `/big` request
  /// answers 60 MiB after `bigDelay`, and whose other requests answer at once.
  struct Upstream: GraphTransport {
    var stall: Duration = .seconds(30)
    var bigDelay: Duration = .zero
    // Just under the 64 MiB limit on upstream answers (a larger one is refused with 502).
    static let bigSize = 60 * 1024 * 1024

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      if request.url.contains("/stall") { try await Task.sleep(for: stall) }
      if request.url.contains("/big") {
        if bigDelay > .zero { try await Task.sleep(for: bigDelay) }
        return HTTPResponse(
          status: 200, headers: ["Content-Type": "application/octet-stream"],
          body: [UInt8](repeating: 0x61, count: Self.bigSize))
      }
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"],
        body: Array(#"{"id":"4"}"#.utf8))
    }
  }

  /// A `serve --record` server forwarding to a fresh `Upstream`; both are stopped after `body`.
  static func withRecordingServer(
    _ upstream: Upstream, in scratch: ScratchDirectory,
    _ body: @Sendable (_ port: Int) throws -> Void
  ) async throws {
    var upstreamConfiguration = GraphServer.Configuration()
    upstreamConfiguration.shutdownGracePeriod = .milliseconds(100)
    let origin = GraphServer(transport: upstream, configuration: upstreamConfiguration)
    let originPort = try origin.start()
    let options = try ServeOptions(parsing: [
      "--port", "0", "--record", scratch.file("rec.json"), "--upstream",
      "http://127.0.0.1:\(originPort)", "--log", "off",
    ])
    let source = try ServeSource.make(options.source)
    let log = try ServeLogWriter(options.log, console: CapturingConsole())
    var configuration = ServeCommand.configuration(options, log: log)
    configuration.shutdownGracePeriod = .seconds(5)
    let server = GraphServer(transport: source.transport, configuration: configuration)
    let port = try server.start()
    let outcome = Result { try body(port) }
    origin.stop()
    server.stop()
    try outcome.get()
  }

  /// Eight stalled upstream requests held every later one (URLSession's six per host).
  @Test func stalledUpstreamRequestsDoNotHoldOthers() async throws {
    let scratch = ScratchDirectory("serve-stall")
    defer { scratch.remove() }
    try await Self.withRecordingServer(Upstream(), in: scratch) { port in
      var stalled: [RawClient] = []
      for i in 0..<8 {
        let client = try RawClient(port: port, timeout: 10)
        try client.send("GET /v2.0/stall/\(i) HTTP/1.1\r\nHost: h\r\n\r\n")
        stalled.append(client)
      }
      Thread.sleep(forTimeInterval: 0.5)
      let client = try RawClient(port: port, timeout: 10)
      for i in 0..<5 {
        try client.send("GET /v2.0/me?n=\(i) HTTP/1.1\r\nHost: h\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.bodyText == #"{"id":"4"}"#)
      }
      withExtendedLifetime(stalled) {}
    }
  }

  /// A 60 MiB answer on its way does not delay requests started meanwhile.
  @Test(.enabled(if: TestLane.fullScale, "full-scale: set \(TestLane.variable)=1"))
  func aLargeUpstreamAnswerDoesNotDelayOthers() async throws {
    let scratch = ScratchDirectory("serve-big")
    defer { scratch.remove() }
    try await Self.withRecordingServer(Upstream(bigDelay: .seconds(1)), in: scratch) { port in
      let big = try RawClient(port: port, timeout: 120)
      try big.send("GET /v2.0/big HTTP/1.1\r\nHost: h\r\n\r\n")
      let bigDone = LockedFlag()
      let reader = Thread {
        let response = try? big.readResponse()
        bigDone.set(response?.body.count == Upstream.bigSize)
      }
      reader.start()
      let client = try RawClient(port: port, timeout: 10)
      for i in 0..<3 {
        try client.send("GET /v2.0/me?n=\(i) HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try client.readResponse().status == 200)
      }
      #expect(bigDone.value == nil, "the small requests waited for the 60 MiB answer")
      while bigDone.value == nil { Thread.sleep(forTimeInterval: 0.1) }
      #expect(bigDone.value == true)
    }
  }

  /// 400 pipelined misses on a 100,000-interaction cassette held a matching request for 9.6 s.
  @Test(.enabled(if: TestLane.fullScale, "full-scale: set \(TestLane.variable)=1"))
  func pipelinedMissesDoNotHoldAMatch() async throws {
    let cassette = Cassette(
      interactions: (0..<100_000).map { i in
        Interaction(
          request: HTTPRequest(
            method: "GET", url: "https://graph.facebook.com/v2.0/\(i)?fields=id,name&n=\(i)"),
          response: HTTPResponse(status: 200, body: Array(#"{"id":"\#(i)"}"#.utf8)),
          recordedAt: "2026-11-30T00:00:00.000Z")
      })
    let server = GraphServer(transport: CassettePlayer(cassette: cassette))
    let port = try server.start()
    defer { server.stop() }
    let misses = try RawClient(port: port, timeout: 60)
    try misses.send(
      (0..<400).map { "GET /v2.0/miss/\($0)?fields=x HTTP/1.1\r\nHost: h\r\n\r\n" }.joined())
    let started = Date()
    let client = try RawClient(port: port, timeout: 10)
    try client.send("GET /v2.0/77?n=77&fields=id,name HTTP/1.1\r\nHost: h\r\n\r\n")
    let response = try client.readResponse()
    let elapsed = Date().timeIntervalSince(started)
    #expect(response.status == 200)
    #expect(response.bodyText == #"{"id":"77"}"#)
    #expect(elapsed < 5, "the match waited \(elapsed) s")
    for _ in 0..<400 {
      let miss = try misses.readResponse()
      #expect(miss.status == 502)
    }
  }
}

/// A Bool? set once from another thread.
final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Bool?
  func set(_ value: Bool) { lock.withLock { stored = value } }
  var value: Bool? { lock.withLock { stored } }
}
