import Foundation
import GraphAPI
import GraphCassette
import GraphGzip
import GraphJSON
import GraphTestSupport
import Testing

/// `serve --record --upstream` stores a compressed answer as the upstream sent it: the gzip
/// (or deflate) bytes with their `Content-Encoding`, not the decoded body compressed again by
/// our own writer. The client of serve, and a replay, get the decoded answer.
@Suite(.serialized, .timeLimit(.minutes(3))) struct ServeReceivedBodyTests {
  static let jsonType = ("Content-Type", "application/json; charset=UTF-8")
  static let me = Array(#"{"id":"4","name":"Mark Zuckerberg"}"#.utf8)

  /// gzip of `bytes` as another compressor writes it: a modification time, the Unix OS byte,
  /// so it is not what our own writer makes of the same data.
  static func foreignGzip(_ bytes: [UInt8]) -> [UInt8] {
    var gzip = Gzip.compress(bytes)
    gzip.replaceSubrange(4..<8, with: [0x5E, 0x11, 0x2C, 0x67])
    gzip[8] = 2
    gzip[9] = 3
    return gzip
  }

  /// zlib data (`Content-Encoding: deflate`) of `bytes`.
  static func zlib(_ bytes: [UInt8]) -> [UInt8] {
    let gzip = Gzip.compress(bytes)
    let adler = Gzip.adler32(bytes)
    return [0x78, 0x9C] + gzip[10..<(gzip.count - 8)]
      + (0..<4).map { UInt8(truncatingIfNeeded: adler >> (8 * (3 - UInt32($0)))) }
  }

  static func bigJSON() -> [UInt8] {
    var text = "{\"data\":["
    for i in 0..<50_000 { text += "{\"id\":\"\(i)\",\"message\":\"post \(i % 500)\"}," }
    return Array((text + "{}]}").utf8)
  }

  @Test func theCassetteHoldsExactlyTheUpstreamsCompressedBytes() async throws {
    let small = Self.foreignGzip(Self.me)
    let big = Self.bigJSON()
    let bigGzip = Self.foreignGzip(big)
    let deflated = Self.zlib(big)
    let upstream = try FaultServer { request in
      let encoding: (String, String)
      let body: [UInt8]
      if request.url.contains("/big") {
        (encoding, body) = (("Content-Encoding", "gzip"), bigGzip)
      } else if request.url.contains("/deflate") {
        (encoding, body) = (("Content-Encoding", "deflate"), deflated)
      } else {
        (encoding, body) = (("Content-Encoding", "gzip"), small)
      }
      return .answer(status: 200, headers: [Self.jsonType, encoding], body: body)
    }
    defer { upstream.stop() }
    let scratch = ScratchDirectory("serve-received-body")
    defer { scratch.remove() }
    let file = scratch.file("rec.json")
    let serve = try await ServeProcess.launch([
      "--record", file, "--upstream", upstream.baseURL, "--log", "off",
    ])
    let port = try #require(URLParts(serve.url)?.port)
    let client = try RawClient(port: port, timeout: 60)
    var answers: [RawClient.Response] = []
    for path in ["/v2.0/me", "/v2.0/big", "/v2.0/deflate"] {
      try client.send("GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n")
      answers.append(try client.readResponse())
    }
    #expect(await serve.terminate() == 0)
    // The client of serve gets the decoded answer, without Content-Encoding.
    #expect(answers.map(\.status) == [200, 200, 200])
    #expect(answers.map(\.body) == [Self.me, big, big])
    #expect(answers.allSatisfy { $0.headers["Content-Encoding"] == nil })

    // On disk: the bytes the upstream sent, with their Content-Encoding.
    let json = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    let stored = try #require(json["interactions"]?.arrayValue)
    #expect(stored.count == 3)
    func storedBody(_ index: Int, _ form: String) -> [UInt8]? {
      guard let text = stored[index]["response"]?["body"]?[form]?.stringValue,
        let data = Data(base64Encoded: text)
      else { return nil }
      return Array(data)
    }
    // A small answer is stored decoded and readable; large ones as they came.
    #expect(storedBody(0, "gzip") == nil)
    #expect(stored[0]["response"]?["body"]?["json"]?["name"]?.stringValue != nil)
    #expect(storedBody(1, "gzip") == bigGzip)
    #expect(storedBody(2, "deflate") == deflated)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains(#""Content-Encoding": "gzip""#))
    #expect(text.contains(#""Content-Encoding": "deflate""#))

    // Read back: decoded for every reader, the received bytes kept, written back the same.
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.map(\.response.body) == [Self.me, big, big])
    #expect(cassette.interactions.allSatisfy { $0.response.headers["Content-Encoding"] == nil })
    #expect(
      cassette.interactions.map { $0.response.received?.bytes } == [nil, bigGzip, deflated])
    let copy = scratch.file("copy.json")
    try cassette.save(to: copy)
    let again = try Cassette.load(path: copy)
    #expect(again.interactions.map(\.response) == cassette.interactions.map(\.response))

    // serve --replay hands the decoded answer, as it was answered while recording.
    let replay = try await ServeProcess.launch(["--replay", file, "--log", "off"])
    let replayPort = try #require(URLParts(replay.url)?.port)
    let replayClient = try RawClient(port: replayPort, timeout: 30)
    try replayClient.send("GET /v2.0/big HTTP/1.1\r\nHost: h\r\n\r\n")
    let replayed = try replayClient.readResponse()
    #expect(await replay.terminate() == 0)
    #expect(replayed.status == 200)
    #expect(replayed.body == big)
    #expect(replayed.headers["Content-Encoding"] == nil)
  }

  /// While one forwarded answer (a gzip bomb) is read and inflated, another forwarded request
  /// is answered at once: each transfer has its own thread. Before, every URLSession of the
  /// process shared one serial queue and a `/me` waited for the bomb (5 s and more).
  @Test func aRequestForwardedWhileABombInflatesIsNotHeld() async throws {
    let bomb = GzipBomb.zeros(repeats: (1 << 30) / 258)
    let upstream = try FaultServer { request in
      request.url.contains("/bomb")
        ? .answer(status: 200, headers: [Self.jsonType, ("Content-Encoding", "gzip")], body: bomb)
        : .gzipJSON(#"{"id":"4"}"#)
    }
    defer { upstream.stop() }
    let scratch = ScratchDirectory("serve-forward-bomb")
    defer { scratch.remove() }
    let file = scratch.file("rec.json")
    let serve = try await ServeProcess.launch([
      "--record", file, "--upstream", upstream.baseURL, "--log", "off",
    ])
    let port = try #require(URLParts(serve.url)?.port)
    let bombed = try RawClient(port: port, timeout: 120)
    try bombed.send("GET /v2.0/bomb HTTP/1.1\r\nHost: h\r\n\r\n")
    // The bomb's request has reached the upstream: its answer is on its way, then inflated.
    while !upstream.requests.contains(where: { $0.url.contains("/bomb") }) {
      try await Task.sleep(for: .milliseconds(5))
    }
    try await Task.sleep(for: .milliseconds(100))
    let meanwhile = try RawClient(port: port, timeout: 30)
    let started = ContinuousClock.now
    try meanwhile.send("GET /v2.0/me HTTP/1.1\r\nHost: h\r\n\r\n")
    let me = try meanwhile.readResponse()
    let waited = ContinuousClock.now - started
    #expect(me.status == 200)
    #expect(me.bodyText == #"{"id":"4"}"#)
    // Under a sanitizer (Scripts/sanitize) serve runs several times slower throughout; the
    // bound there is still under what the bomb held a request for before (5 s and more).
    let environment = ProcessInfo.processInfo.environment
    let sanitized = environment["ASAN_OPTIONS"] != nil || environment["TSAN_OPTIONS"] != nil
    #expect(
      waited < .seconds(sanitized ? 3 : 1), "the /me forwarded meanwhile waited \(waited)")
    let refused = try bombed.readResponse()
    #expect(refused.status == 502)
    #expect(
      refused.bodyText.contains(
        "larger than 64 MiB once decoded (the limit on answers); reading stopped there"))
    #expect(await serve.terminate() == 0)
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.map { URLParts($0.request.url)?.path } == ["/v2.0/me"])
  }
}
