import Foundation
import GraphAPI
import GraphCassette
import GraphGzip
import GraphTestSupport
import Testing

/// `serve --record --upstream` in front of an upstream that answers a gzip bomb (6.8 MB that
/// inflates to 1 GiB) drove serve to 15.8 GB and wrote a 6.4 GB cassette. The built
/// `graph-explorer serve --max-answer-bytes 16M` now answers it 502 naming the limit, answers
/// other requests meanwhile, stays small in memory, and stores a large gzip answer compressed.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServeGzipBombTests {
  static let jsonType = ("Content-Type", "application/json; charset=UTF-8")

  static func bigJSON() -> [UInt8] {
    var text = "{\"data\":["
    for i in 0..<100_000 { text += "{\"id\":\"\(i)\",\"message\":\"post \(i % 500)\"}," }
    return Array((text + "{}]}").utf8)
  }

  /// The largest resident size the process has had, from /proc.
  static func peakResidentBytes(_ pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kB = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kB * 1024
  }

  @Test func aBombIs502NamingTheLimitAndALargeGzipAnswerIsStoredCompressed() async throws {
    let bomb = GzipBomb.zeros(repeats: (1 << 30) / 258)
    let big = Self.bigJSON()
    let upstream = try FaultServer { request in
      if request.url.contains("/bomb") {
        return .answer(
          status: 200, headers: [Self.jsonType, ("Content-Encoding", "gzip")], body: bomb)
      }
      if request.url.contains("/big") {
        return .answer(
          status: 200, headers: [Self.jsonType, ("Content-Encoding", "gzip")],
          body: Gzip.compress(big))
      }
      return .gzipJSON(#"{"id":"4"}"#)
    }
    defer { upstream.stop() }
    let scratch = ScratchDirectory("serve-gzip-bomb")
    defer { scratch.remove() }
    let file = scratch.file("rec.json")
    let serve = try await ServeProcess.launch([
      "--record", file, "--upstream", upstream.baseURL, "--max-answer-bytes", "16M",
      "--log", "off",
    ])
    let port = try #require(URLParts(serve.url)?.port)
    let bombed = try RawClient(port: port, timeout: 120)
    try bombed.send("GET /v2.0/bomb HTTP/1.1\r\nHost: h\r\n\r\n")
    let meanwhile = try RawClient(port: port, timeout: 30)
    let started = ContinuousClock.now
    try meanwhile.send("GET /v2.0/me HTTP/1.1\r\nHost: h\r\n\r\n")
    let me = try meanwhile.readResponse()
    #expect(me.status == 200)
    #expect(me.bodyText == #"{"id":"4"}"#)
    #expect(ContinuousClock.now - started < .seconds(10))
    let refused = try bombed.readResponse()
    #expect(refused.status == 502)
    #expect(
      refused.bodyText.contains(
        "larger than 16 MiB once decoded (the limit on answers); reading stopped there"))
    try meanwhile.send("GET /v2.0/big HTTP/1.1\r\nHost: h\r\n\r\n")
    let bigAnswer = try meanwhile.readResponse()
    #expect(bigAnswer.status == 200)
    #expect(bigAnswer.body == big)
    let peak = Self.peakResidentBytes(serve.process.processIdentifier) ?? 0
    // Under a sanitizer (Scripts/sanitize sets its options) resident memory is the sanitizer's
    // shadow and quarantine as much as serve's (821 MiB under ASan): the bound holds for the
    // plain build, which Scripts/test runs.
    let environment = ProcessInfo.processInfo.environment
    let sanitized = environment["ASAN_OPTIONS"] != nil || environment["TSAN_OPTIONS"] != nil
    #expect(peak > 0 && (sanitized || peak < 300 << 20), "serve peaked at \(peak >> 20) MiB")
    #expect(await serve.terminate() == 0)

    let cassette = try Cassette.load(path: file)
    #expect(
      cassette.interactions.map { URLParts($0.request.url)?.path } == ["/v2.0/me", "/v2.0/big"])
    #expect(cassette.interactions.last?.response.body == big)
    let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0
    #expect(size < big.count / 4, "the cassette is \(size) bytes for a \(big.count)-byte answer")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("\"gzip\": \""))
  }
}
