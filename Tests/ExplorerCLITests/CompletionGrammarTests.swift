import Foundation
import GraphTestSupport
import Testing

/// Issue 11, item 2: Tab offers what fits the method and the route, the app's Open Graph
/// actions and the world's test-token names, on the built binary in a pseudo-terminal.
@Suite(.serialized) struct CompletionGrammarTests {
  /// Types `line` and Tab, waits for `expected`, then drops the line (Ctrl-U).
  static func tab(_ terminal: PseudoTerminal, _ line: String, shows expected: [String]) throws {
    terminal.clearOutput()
    terminal.type(line + "\t")
    for text in expected { try terminal.waitFor(text) }
    terminal.type("\u{15}")
    try terminal.waitForLineEditing()
  }

  @Test func parametersFitTheMethodAndTheRoute() throws {
    let home = try InteractiveTests.Home()
    let terminal = try InteractiveTests.start(home, ["NO_COLOR": "1"])
    // Several candidates: Tab lists them.
    try Self.tab(terminal, "POST me/feed ", shows: ["caption=", "object_attachment=", "privacy="])
    try Self.tab(terminal, "POST me/photos mes", shows: ["sage="])
    try Self.tab(terminal, "GET me?", shows: ["me?fields=", "me?metadata=1", "me?locale="])
    #expect(!terminal.output.contains("me?caption="))
    try Self.tab(terminal, "GET search?type=pl", shows: ["ace"])
    try InteractiveTests.leave(terminal)
  }

  @Test func theAppsActionIsOfferedAndTheActionCanBeDeleted() throws {
    let home = try InteractiveTests.Home()
    let terminal = try InteractiveTests.start(home, ["NO_COLOR": "1"])
    try Self.tab(terminal, "POST me/fb_sample", shows: ["_scrumps:eat"])
    #expect(try InteractiveTests.submit(terminal, "token alice-publish").contains("alice-publish"))
    terminal.clearOutput()
    terminal.type("POST me/fb_sample_scrumps:eat mea\t")
    try terminal.waitFor("l=")
    terminal.type("https://example.com/meal\r")
    let posted = try terminal.waitFor("graph> ")
    try terminal.waitForLineEditing()
    let id = try #require(posted.firstMatch(of: /"id": "(44135\d+)"/)?.1)
    // The action this session created is offered after DELETE.
    terminal.clearOutput()
    terminal.type("DELETE 44135\t")
    try terminal.waitFor(String(id.dropFirst(5)))
    terminal.type("\r")
    try terminal.waitFor("HTTP 200")
    try InteractiveTests.waitForPrompt(terminal)
    // Deleted, it is offered no more.
    terminal.clearOutput()
    terminal.type("DELETE 44135\t")
    terminal.drain(for: .milliseconds(300))
    #expect(!terminal.output.contains(String(id.dropFirst(5))))
    terminal.type("\u{15}")
    try InteractiveTests.leave(terminal)
  }

  @Test func testTokenNamesAfterLoginTokenAndAccessToken() throws {
    let home = try InteractiveTests.Home()
    let terminal = try InteractiveTests.start(home, ["NO_COLOR": "1"])
    try Self.tab(terminal, "token al", shows: ["ice"])
    // `access_token=` takes a test token's name, as `token` does: the request is Alice's.
    terminal.clearOutput()
    terminal.type("GET me?fields=name access_token=alice-pu\t")
    try terminal.waitFor("blish")
    terminal.type("\r")
    try terminal.waitFor("Alice Whitfield")
    try InteractiveTests.waitForPrompt(terminal)
    // `login al` completes as far as the names agree, then logs Alice in; `me` then completes.
    terminal.clearOutput()
    terminal.type("login al\t")
    try terminal.waitFor("ice")
    // A second Tab lists what `alice` may still become: the test tokens and the username.
    terminal.type("\t")
    try terminal.waitFor("alice-publish")
    try terminal.waitFor("alice.whitfield")
    try terminal.waitForLineEditing()
    terminal.type("\r")
    try terminal.waitFor("Alice Whitfield")
    try InteractiveTests.waitForPrompt(terminal)
    terminal.clearOutput()
    terminal.type("GET me/fr\t")
    try terminal.waitFor("iends")
    terminal.type("limit=1\r")
    try terminal.waitFor("HTTP 200")
    try InteractiveTests.waitForPrompt(terminal)
    try InteractiveTests.leave(terminal)
  }
}
