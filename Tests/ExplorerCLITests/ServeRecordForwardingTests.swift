import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphServer
import GraphTestSupport
import Testing

@testable import ExplorerCLI
@testable import GraphLive

/// `serve --record` forwards a plain-http upstream on its I/O loop (issue 48): the cassette it
/// writes is byte for byte the one libcurl's forwarding wrote, apart from when and how long.
@Suite(.serialized) struct ServeRecordForwardingTests {
  /// Reads, a write, a delete, errors and a gzip answer, through one kept-alive connection.
  static let requests = [
    "GET /v2.0/me?fields=id,name&access_token=CAAEmuAlice HTTP/1.1\r\nHost: h\r\n\r\n",
    "GET /v2.0/me/friends?access_token=CAAEmuAlice HTTP/1.1\r\nHost: h\r\nAccept-Encoding: gzip\r\n\r\n",
    "POST /v2.0/me/feed HTTP/1.1\r\nHost: h\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 38\r\n\r\nmessage=hello&access_token=CAAEmuAlice",
    "GET /v2.0/nobody-here?access_token=CAAEmuAlice HTTP/1.1\r\nHost: h\r\n\r\n",
    "GET /v2.0/me?access_token=bad HTTP/1.1\r\nHost: h\r\nX-Empty:\r\n\r\n",
    "DELETE /v2.0/123456?access_token=CAAEmuAlice HTTP/1.1\r\nHost: h\r\n\r\n",
  ]

  /// Records `requests` into `file` through `transport`, from a fresh deterministic emulator.
  static func record(into file: String, _ transport: (String) throws -> any GraphTransport)
    throws -> [Int]
  {
    let origin = GraphServer(transport: GraphEmulator(world: .default, secrets: .deterministic))
    let originPort = try origin.start()
    defer { origin.stop() }
    let server = GraphServer(transport: try transport("http://127.0.0.1:\(originPort)"))
    let port = try server.start()
    defer { server.stop() }
    let client = try RawClient(port: port, timeout: 20)
    var statuses: [Int] = []
    for request in requests {
      try client.send(request)
      statuses.append(try client.readResponse().status)
    }
    return statuses
  }

  /// The cassette's text without `recorded_at` and `duration_ms` values, and without the
  /// port of the run's own upstream.
  static func comparable(_ file: String) throws -> String {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    return text.replacingOccurrences(
      of: #""(recorded_at|duration_ms)": *("[^"]*"|[0-9.]+)"#, with: "\"$1\": _",
      options: .regularExpression
    ).replacingOccurrences(
      of: #"127\.0\.0\.1:[0-9]+"#, with: "127.0.0.1:PORT", options: .regularExpression)
  }

  @Test func theCassetteIsLibcurlsByteForByte() throws {
    let scratch = ScratchDirectory("serve-forward")
    defer { scratch.remove() }
    let onLoop = scratch.file("loop.json")
    let loopStatuses = try Self.record(into: onLoop) { upstream in
      let options = try ServeOptions(parsing: [
        "--port", "0", "--record", onLoop, "--upstream", upstream, "--log", "off",
      ])
      return try ServeSource.make(options.source).transport
    }
    let throughCurl = scratch.file("curl.json")
    let curlStatuses = try Self.record(into: throughCurl) { upstream in
      let recorder = try CassetteRecorder(
        wrapping: CurlTransport(), file: throughCurl, mode: .once,
        recordedWith: "graph-explorer \(GraphExplorer.version) serve")
      return try #require(UpstreamTransport(upstream: upstream, inner: recorder))
    }
    #expect(loopStatuses == curlStatuses)
    #expect(loopStatuses.contains(200) && loopStatuses.contains(404))
    let loopText = try Self.comparable(onLoop)
    let curlText = try Self.comparable(throughCurl)
    let loopLines = loopText.split(separator: "\n", omittingEmptySubsequences: false)
    let curlLines = curlText.split(separator: "\n", omittingEmptySubsequences: false)
    let differing = zip(loopLines, curlLines).enumerated().filter { $0.element.0 != $0.element.1 }
      .prefix(5).map { "line \($0.offset + 1): \($0.element.0) | \($0.element.1)" }
    #expect(loopText == curlText, "\(loopLines.count) / \(curlLines.count) lines; \(differing)")
    #expect(try Cassette.load(path: onLoop).interactions.count == Self.requests.count)
  }

  /// The recorder's chain (`UpstreamTransport`, `CassetteRecorder`) keeps the request on the
  /// I/O thread: with a libcurl fallback that cannot load, every request is still answered.
  @Test func theRecordingChainForwardsOnTheLoop() throws {
    let scratch = ScratchDirectory("serve-forward-loop")
    defer { scratch.remove() }
    let file = scratch.file("loop.json")
    let statuses = try Self.record(into: file) { upstream in
      let noCurl = CurlTransport(
        timeout: .seconds(60), userAgent: "graph-explorer",
        maxAnswerBytes: CurlTransport.defaultMaxAnswerBytes, maxTransfers: 4, caBundle: nil,
        ignoresProxyEnvironment: false, library: "libcurl-not-here.so.0")
      let recorder = try CassetteRecorder(
        wrapping: LoopHTTPTransport(fallback: noCurl), file: file, mode: .once)
      return try #require(UpstreamTransport(upstream: upstream, inner: recorder))
    }
    #expect(!statuses.contains(502), "\(statuses)")
    #expect(try Cassette.load(path: file).interactions.count == Self.requests.count)
  }
}
