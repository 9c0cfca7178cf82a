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

  @Test(arguments: [0, 7, 10, 99, 1_000_000, Int64.max, -5])
  func decimals(value: Int64) {
    var bytes: [UInt8] = []
    ServeLogWriter.appendDecimal(value, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == String(value))
  }
}
