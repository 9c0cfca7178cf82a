import Foundation
import GraphTestSupport
import Testing

/// Issue 11, item 2: completion recovers from a lookup that failed, on the built binary in a
/// pseudo-terminal.
@Suite(.serialized) struct CompletionRecoveryTests {
  @Test func aFailedLookupIsAskedAgainAfterLogin() throws {
    let home = try InteractiveTests.Home()
    let terminal = try InteractiveTests.start(home, ["NO_COLOR": "1"])
    #expect(try InteractiveTests.submit(terminal, "token clear").contains("token cleared"))
    // No token: the metadata lookup fails and Tab has nothing to offer.
    terminal.clearOutput()
    terminal.type("GET me/fr\t")
    terminal.drain(for: .milliseconds(500))
    #expect(!terminal.output.contains("iends"))
    terminal.type("\u{15}")  // Ctrl-U: drop the line
    try terminal.waitForLineEditing()
    #expect(try InteractiveTests.submit(terminal, "login alice").contains("Alice Whitfield"))
    terminal.clearOutput()
    terminal.type("GET me/fr\t")
    try terminal.waitFor("iends")
    terminal.type("limit=1\r")
    try terminal.waitFor("HTTP 200")
    try InteractiveTests.waitForPrompt(terminal)
    try InteractiveTests.leave(terminal)
  }
}
