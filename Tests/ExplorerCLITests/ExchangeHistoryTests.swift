import GraphAPI
import GraphEmulator
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// The session keeps its newest exchanges within a budget (issue 32: a million-line script in
/// bounded memory); what it forgot is named as forgotten, never as absent.
@Suite struct ExchangeHistoryTests {
  static func exchange(_ number: Int, bodyBytes: Int = 10) -> Exchange {
    Exchange(
      number: number, line: "GET me",
      source: RequestLine(method: .get, path: Template(literal: "me"), parameters: []),
      request: HTTPRequest(url: "https://graph.facebook.com/me"),
      response: HTTPResponse(
        status: 200, body: Array(repeating: UInt8(ascii: "x"), count: bodyBytes)),
      elapsed: .zero)
  }

  @Test func keepsTheNewestWithinTheCount() {
    var history = ExchangeHistory(maxCount: 3)
    for _ in 1...1000 { history.append(Self.exchange(history.nextNumber)) }
    #expect(history.total == 1000)
    #expect(history.count == 3)
    #expect(history.forgotten == 997)
    #expect(history.map(\.number) == [998, 999, 1000])
    #expect(history.exchange(numbered: 997) == nil)
    #expect(history.exchange(numbered: 998)?.number == 998)
    #expect(history.exchange(numbered: 1000)?.number == 1000)
    #expect(history.exchange(numbered: 1001) == nil)
    #expect(history.last?.number == 1000)
  }

  @Test func keepsTheNewestWithinTheBytesAndAlwaysTheLast() {
    var history = ExchangeHistory(maxCount: 100, maxBytes: 50_000)
    for _ in 1...10 { history.append(Self.exchange(history.nextNumber, bodyBytes: 10_000)) }
    // Each costs 3 x 10,000 + its URL, line and 1,024: one fits in 50,000, two do not.
    #expect(history.count == 1)
    #expect(history.last?.number == 10)
    history.append(Self.exchange(history.nextNumber, bodyBytes: 1_000_000))
    #expect(history.count == 1)
    #expect(history.last?.number == 11)
    history.append(Self.exchange(history.nextNumber, bodyBytes: 10))
    #expect(history.map(\.number) == [12])
  }

  @Test func aForgottenNumberSaysSoAndWhatIsKept() async throws {
    let console = CapturingConsole(input: "")
    let repl = RecordingLookupTests.repl(console)
    repl.session.history = ExchangeHistory(maxCount: 2)
    for line in 1...4 { #expect(await repl.execute("GET me?fields=id", lineNumber: line)) }
    #expect(throws: ExplorerError.forgottenExchange(1, kept: 3...4)) {
      try repl.session.exchange(.number(1))
    }
    #expect(throws: ExplorerError.noExchange(9)) { try repl.session.exchange(.number(9)) }
    #expect(try repl.session.exchange(.number(3)).number == 3)
    #expect(await repl.execute("show #2", lineNumber: 5))
    #expect(console.errors.contains("#2 is no longer kept"))
    #expect(await repl.execute("history", lineNumber: 6))
    #expect(console.output.contains("#1 to #2 are no longer kept"))
    #expect(console.output.contains("#4  200"))
  }
}
