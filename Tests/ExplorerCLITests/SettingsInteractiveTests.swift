import Foundation
import GraphTestSupport
import Testing

/// `set` typed at the built `graph-explorer`'s prompt, on a pseudo-terminal: Tab completes the
/// setting's name, `set` alone lists every setting with its value, a typo is a one-line error,
/// and the session goes on.
@Suite(.serialized, .timeLimit(.minutes(2))) struct SettingsInteractiveTests {
  @Test func setShowsAndChangesTheSettings() throws {
    let home = try InteractiveTests.Home()
    let terminal = try PseudoTerminal(
      executable: InteractiveTests.binary, arguments: ["--no-color"],
      environment: home.environment(), rows: 24, columns: 160)
    let prompt = "graph> "
    try terminal.waitFor(prompt)
    try terminal.waitForLineEditing()
    func submit(_ line: String) throws -> String {
      try InteractiveTests.submit(line, on: terminal, prompt: prompt)
    }
    _ = try submit("set pager off")
    // Tab completes `max-a` to the setting's whole name.
    let limit = try submit("set max-a\t 512K")
    #expect(limit.contains("max-answer-bytes 512 KiB"), "\(limit)")
    let listing = try submit("set")
    #expect(listing.contains("verbose off"), "\(listing)")
    #expect(listing.contains("pager off"), "\(listing)")
    #expect(listing.contains("max-answer-bytes 512K"), "\(listing)")
    let typo = try submit("set verbsoe on")
    #expect(
      typo.contains(
        "set: no setting 'verbsoe' (verbose, pager, color, max-answer-bytes, check-status)"),
      "\(typo)")
    let me = try submit("GET me")
    #expect(me.contains("Alice"), "\(me)")
    try InteractiveTests.leave(terminal)
  }
}
