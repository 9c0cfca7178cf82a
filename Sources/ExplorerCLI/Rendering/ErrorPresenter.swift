/// The one place errors become text: `error: ...` (prefixed `line N:` in scripts) and, for a
/// syntax error, the line again with a caret under the offending column.
enum ErrorPresenter {
  /// The message for `error` on `line`, ending with a newline.
  static func present(
    _ error: ExplorerError, line: String, lineNumber: Int?, color: Bool
  ) -> String {
    let prefix = lineNumber.map { "line \($0): " } ?? ""
    let label = color ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
    guard case .syntax(let message, let column) = error else {
      return "\(prefix)\(label) \(Redaction.redactParameters(error.description))\n"
    }
    let shown = Redaction.redactParameters(line)
    let caret = String(repeating: " ", count: max(0, column - 1)) + "^"
    return "\(prefix)\(label) column \(column): \(message)\n  \(shown)\n  \(caret)\n"
  }
}
