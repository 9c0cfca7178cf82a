import Foundation
import GraphAPI
import GraphTestSupport
import Testing

/// Issue 11, item 1: Ctrl-C on the built binary in a pseudo-terminal never ends the session; it
/// abandons the line being typed, cancels the request in flight, stops `all` and stops printing.
/// The slow target is a loopback server that delays each answer.
@Suite(.serialized) struct InterruptTests {
  typealias Home = InteractiveTests.Home

  /// A session on `stub` (its prompt is `graph <url>> `), idle at its prompt.
  static func start(
    _ home: Home, on stub: LoopbackHTTPStub? = nil, _ arguments: [String] = []
  ) throws -> PseudoTerminal {
    let target = stub.map { ["--target", $0.baseURL] } ?? []
    let terminal = try PseudoTerminal(
      executable: InteractiveTests.binary, arguments: target + arguments,
      environment: home.environment(["NO_COLOR": "1"]), rows: 24, columns: 100)
    try terminal.waitFor("> ")
    try terminal.waitForLineEditing()
    return terminal
  }

  /// Types `line` and Enter; returns what is shown until the next prompt (`> ` at a line's end).
  @discardableResult
  static func submit(_ terminal: PseudoTerminal, _ line: String) throws -> String {
    terminal.clearOutput()
    terminal.type(line + "\r")
    return try waitForPrompt(terminal)
  }

  /// Waits until the REPL is back at its prompt with libedit reading.
  @discardableResult
  static func waitForPrompt(
    _ terminal: PseudoTerminal, timeout: Duration = .seconds(30)
  ) throws -> String {
    let deadline = ContinuousClock.now + timeout
    while !(terminal.output.hasSuffix("> ") && terminal.isEditingLine != false) {
      guard ContinuousClock.now < deadline else {
        throw PseudoTerminal.Failure.timeout(waitingFor: "the prompt", output: terminal.output)
      }
      terminal.drain(for: .milliseconds(20))
    }
    return terminal.output
  }

  /// Waits until `condition` holds (the stub has seen a request, say), reading the terminal.
  static func waitUntil(
    _ terminal: PseudoTerminal, _ what: String, _ condition: () -> Bool
  ) throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
      guard ContinuousClock.now < deadline else {
        throw PseudoTerminal.Failure.timeout(waitingFor: what, output: terminal.output)
      }
      terminal.drain(for: .milliseconds(20))
    }
  }

  static func json(_ text: String) -> LoopbackHTTPStub.Reply {
    .response(
      status: 200, headers: [("Content-Type", "application/json; charset=UTF-8")],
      body: Array(text.utf8))
  }

  @Test func ctrlCOnAnEmptyLineIsNoEndOfInput() throws {
    let home = try Home()
    let terminal = try Self.start(home)
    #expect(try Self.submit(terminal, "version v2.4").contains("version v2.4"))
    terminal.clearOutput()
    terminal.type("\u{03}")
    try terminal.waitFor("graph> ", after: "^C")
    try terminal.waitForLineEditing()
    #expect(try Self.submit(terminal, "version").contains("version v2.4"))
    try InteractiveTests.leave(terminal)
  }

  @Test func ctrlCCancelsTheRequestInFlight() throws {
    let stub = try LoopbackHTTPStub { request in
      request.url.contains("/slow")
        ? .delayed(.seconds(30), Self.json("{}")) : Self.json(#"{"id":"1"}"#)
    }
    defer { stub.stop() }
    let home = try Home()
    let terminal = try Self.start(home, on: stub)
    #expect(try Self.submit(terminal, "version v2.5").contains("version v2.5"))
    terminal.clearOutput()
    terminal.type("GET slow/edge\r")
    try Self.waitUntil(terminal, "the request at the server") { stub.requests.count == 1 }
    terminal.type("\u{03}")
    // Back long before the server would answer (30 s), saying how long it ran.
    let shown = try Self.waitForPrompt(terminal, timeout: .seconds(10))
    let ms = shown.firstMatch(of: /cancelled after (\d+) ms/).flatMap { Int($0.1) }
    #expect(ms.map { $0 < 30_000 } == true, "\(shown)")
    // The transport's request really was cancelled: the server saw the connection close.
    try Self.waitUntil(terminal, "the abandoned connection") { stub.abandoned == 1 }
    // Nothing was lost: the version, and the session answers the next request.
    #expect(try Self.submit(terminal, "version").contains("version v2.5"))
    let next = try Self.submit(terminal, "GET fast/edge")
    #expect(next.contains("HTTP 200") && next.contains("#1"), "\(next)")
    #expect(try Self.submit(terminal, "history").contains("/v2.5/fast/edge"))
    try InteractiveTests.leave(terminal)
  }

  @Test func ctrlCStopsAllAndNumbersWhatArrived() throws {
    // An endless edge: page k holds items 2k and 2k+1 and links page k+1; each page but the
    // first takes 300 ms.
    let box = BaseURL()
    let stub = try LoopbackHTTPStub { request in
      let page = Int(request.url.firstMatch(of: /[?&]page=(\d+)/)?.1 ?? "0") ?? 0
      let next = "\(box.url)/v2.5/items/edge?page=\(page + 1)"
      let body =
        #"{"data":[{"id":"\#(2 * page)"},{"id":"\#(2 * page + 1)"}],"#
        + #""paging":{"next":"\#(next)"}}"#
      return page == 0 ? Self.json(body) : .delayed(.milliseconds(300), Self.json(body))
    }
    defer { stub.stop() }
    box.url = stub.baseURL
    let home = try Home()
    let terminal = try Self.start(home, on: stub)
    #expect(try Self.submit(terminal, "version v2.5").contains("version v2.5"))
    #expect(try Self.submit(terminal, "set pager off").contains("pager off"))
    #expect(try Self.submit(terminal, "GET items/edge?page=0").contains("#1"))
    terminal.clearOutput()
    terminal.type("all\r")
    try Self.waitUntil(terminal, "three pages asked for") { stub.requests.count >= 4 }
    terminal.type("\u{03}")
    let shown = try Self.waitForPrompt(terminal, timeout: .seconds(10))
    let match = try #require(
      shown.firstMatch(of: /stopped after (\d+) pages · (\d+) items: #(\d+) holds them/),
      "\(shown)")
    let (pages, items, number) = (Int(match.1) ?? 0, Int(match.2) ?? 0, Int(match.3) ?? 0)
    #expect(pages >= 3 && items == 2 * pages)
    #expect(number == pages + 1)  // the first answer, each page fetched, then the merged one
    // The merged result is the last exchange: show, expect and history work on it.
    let show = try Self.submit(terminal, "show")
    #expect(show.contains("#\(number)") && show.contains("\"id\": \"\(items - 1)\""), "\(show)")
    #expect(try Self.submit(terminal, "expect $.data.length == \(items)").contains("ok:"))
    #expect(try Self.submit(terminal, "history").contains("all from #1 · \(pages) pages"))
    #expect(try Self.submit(terminal, "version").contains("version v2.5"))
    try InteractiveTests.leave(terminal)
  }

  @Test func ctrlCStopsPrintingALongAnswer() throws {
    // 50,000 friends: 200,000 lines once pretty-printed, far more than Ctrl-C lets through.
    let friends = (0..<50_000).map { #"{"name":"Person \#($0)","id":"\#($0)"}"# }
    let body = #"{"data":[\#(friends.joined(separator: ","))]}"#
    let stub = try LoopbackHTTPStub { _ in Self.json(body) }
    defer { stub.stop() }
    let home = try Home()
    let terminal = try Self.start(home, on: stub)
    #expect(try Self.submit(terminal, "set pager off").contains("pager off"))
    terminal.clearOutput()
    terminal.type("GET me/friends?limit=5000&fields=name\r")
    try terminal.waitFor("Person 10\"")
    terminal.type("\u{03}")
    let shown = try Self.waitForPrompt(terminal, timeout: .seconds(10))
    #expect(shown.contains("output stopped by Ctrl-C · show #1 prints it again"), "\(shown)")
    #expect(!shown.contains("Person 49999\""))
    // The exchange kept the whole answer.
    let counted = try Self.submit(terminal, "show | grep -c Person")
    #expect(counted.contains("50000"), "\(counted)")
    try InteractiveTests.leave(terminal)
  }
}

/// The stub's own URL, known only once it listens, for the paging links it writes.
private final class BaseURL: @unchecked Sendable {
  private let lock = NSLock()
  private var value = ""
  var url: String {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}
