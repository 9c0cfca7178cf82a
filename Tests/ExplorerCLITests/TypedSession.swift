import Foundation
import GraphTestSupport

/// A person at the prompt of the built `graph-explorer` (on a pseudo-terminal, in a fresh
/// HOME, without colours): lines typed with Return, words completed with Tab, Ctrl-D to leave.
struct TypedSession {
  let home: InteractiveTests.Home
  let terminal: PseudoTerminal

  init(_ environment: [String: String] = ["NO_COLOR": "1"]) throws {
    home = try InteractiveTests.Home()
    terminal = try InteractiveTests.start(home, environment)
  }

  /// Types `line` and Return; what the terminal showed until the next prompt.
  @discardableResult
  func submit(_ line: String) throws -> String { try InteractiveTests.submit(terminal, line) }

  /// Types `text`, then Tab, and waits until the terminal shows `inserted` after it.
  func complete(_ text: String, showing inserted: String) throws {
    terminal.clearOutput()
    terminal.type(text)
    try terminal.waitFor(text.split(separator: " ").last.map(String.init) ?? text)
    terminal.clearOutput()
    terminal.type("\t")
    try terminal.waitFor(inserted)
  }

  /// Leaves with Ctrl-D (exit status 0); returns the history file's text.
  func leave() throws -> String {
    try InteractiveTests.leave(terminal)
    return (try? String(contentsOfFile: home.historyFile, encoding: .utf8)) ?? ""
  }
}
