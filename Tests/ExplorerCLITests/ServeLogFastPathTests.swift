import GraphServer
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// The log writer's byte path (a printable-ASCII line written without a `String`) and its
/// mask memo give the lines `ServeLog.line` and `ErrorPresenter.safe` give, request after
/// request.
@Suite struct ServeLogFastPathTests {
  static let entries: [GraphServer.AccessLogEntry] = [
    .init(
      method: "GET", target: "/v2.0/me?fields=id,name&access_token=CAAEmuAlice", status: 200,
      requestBytes: 0, responseBytes: 49, duration: .microseconds(40)),
    .init(
      method: "HEAD", target: "/v2.0/me?fields=id,name&access_token=CAAEmuAlice", status: 200,
      requestBytes: 0, responseBytes: 0, duration: .milliseconds(1234)),
    .init(
      method: "GET", target: "/me/EAABwzLixnjYBAO0Zbx1/feed", status: 404, requestBytes: 0,
      responseBytes: 0, duration: .seconds(0)),
    .init(
      method: "GET", target: "/caf\u{E9}?access_token=X\u{1B}[31m", status: 400, requestBytes: 0,
      responseBytes: 1_234_567_890, duration: .nanoseconds(99_999)),
    .init(
      method: "POST", target: "/me/feed", status: 502, requestBytes: 12, responseBytes: 88,
      duration: .microseconds(350), error: "the transport gave no answer: \u{7}bell"),
    .init(
      method: nil, target: nil, status: 400, requestBytes: 0, responseBytes: 10,
      duration: .zero, error: "bad request line"),
  ]

  @Test func linesAreTheSameAsFormattedOnes() throws {
    let console = CapturingConsole()
    let writer = try ServeLogWriter(.standardError, console: console)
    var expected = ""
    for _ in 0..<3 {
      for entry in Self.entries {
        writer.record(entry)
        expected += ErrorPresenter.safe(ServeLog.line(entry)) + "\n"
      }
    }
    writer.flush()
    #expect(console.errors == expected)
    #expect(!console.errors.contains("CAAEmuAlice"))
  }

  /// More targets than the memo holds, with secrets in them, asked in turn and again: each
  /// answer is `ServeLog.mask`'s, and the memo holds at most its capacity.
  @Test func theMemoGivesWhatMaskingGivesPastItsCapacity() {
    var memo = ServeLogMaskMemo()
    let targets = (0..<200).map { n in
      n % 3 == 0
        ? "/v2.0/me?fields=id&access_token=CAAEmuAlice\(n)"
        : "/me/friends?limit=\(n)&client_secret=s\(n)&appsecret_proof=\(n)"
    }
    for round in 0..<3 {
      for (n, target) in targets.enumerated() {
        let method = (n + round) % 2 == 0 ? "GET" : "POST"
        let masked = ServeLog.mask(target)
        #expect(!masked.contains("CAAEmuAlice\(n)"))
        #expect(memo.mask(target) == masked)
        let start = memo.lineStart(method: method, target: target)
        #expect(start == Array("graph-explorer: \(method) \(masked) ".utf8))
        #expect(memo.mask(target) == masked)
        #expect(memo.count <= ServeLogMaskMemo.capacity)
      }
    }
    let long = "/me?q=" + String(repeating: "x", count: ServeLogMaskMemo.longestTarget)
    let before = memo.count
    #expect(memo.mask(long) == ServeLog.mask(long))
    #expect(memo.count == before)
  }

  /// Two targets of one set are both kept; a third of it replaces the older of the two.
  @Test func theMemoKeepsTwoTargetsOfASet() throws {
    let targets = (0..<2_000).map { "/me?fields=id&access_token=T\($0)" }
    let set = ServeLogMaskMemo.set(of: targets[0])
    let same = targets.filter { ServeLogMaskMemo.set(of: $0) == set }
    try #require(same.count >= 3)
    var memo = ServeLogMaskMemo()
    for target in same.prefix(2) { _ = memo.lineStart(method: "GET", target: target) }
    #expect(memo.count == 2)
    _ = memo.mask(same[2])
    #expect(memo.count == 2)
    for target in same.prefix(3) { #expect(memo.mask(target) == ServeLog.mask(target)) }
    #expect(Set(targets.map(ServeLogMaskMemo.set(of:))).count == ServeLogMaskMemo.capacity / 2)
  }

  @Test(arguments: [0, 7, 10, 99, 1_000_000, Int64.max, -5])
  func decimals(value: Int64) {
    var bytes: [UInt8] = []
    ServeLogWriter.appendDecimal(value, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == String(value))
  }
}
