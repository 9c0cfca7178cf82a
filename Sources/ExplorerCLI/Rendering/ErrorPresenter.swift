import GraphAPI

/// The one place errors become text: `error: ...` (prefixed `line N:` in scripts) and, for a
/// syntax error, the line again with a caret under the offending column. Every message is
/// passed through `TerminalText.escaped`: values from files and the network (a cassette's
/// method, a HAR entry's URL) cannot put control characters on the terminal.
enum ErrorPresenter {
  /// `graph-explorer NAME: message` (or `graph-explorer: message`), control characters escaped.
  static func subcommand(_ name: String?, _ message: String) -> String {
    "graph-explorer\(name.map { " \($0)" } ?? ""): \(TerminalText.escaped(message))"
  }

  /// A message or report shown as it is, each line's control characters escaped.
  static func safe(_ text: String) -> String { TerminalText.escapedLines(text) }

  /// The message for `error` on `line`, ending with a newline.
  static func present(
    _ error: ExplorerError, line: String, lineNumber: Int?, color: Bool
  ) -> String {
    let prefix = lineNumber.map { "line \($0): " } ?? ""
    let label = color ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
    guard case .syntax(let message, let column) = error else {
      let message = TerminalText.escaped(Redaction.redactParameters(error.description))
      return "\(prefix)\(label) \(message)\n"
    }
    let shown = TerminalText.escaped(Redaction.redactParameters(line))
    let caret = String(repeating: " ", count: max(0, column - 1)) + "^"
    return "\(prefix)\(label) column \(column): \(message)\n  \(shown)\n  \(caret)\n"
  }
}
