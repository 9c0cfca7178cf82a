import CEditLine
import Foundation

/// The size of the terminal standard output is on.
enum TerminalSize {
  /// Rows, or `nil` when standard output is no terminal.
  static func rows() -> Int? {
    let rows = Int(ge_terminal_rows(STDOUT_FILENO))
    return rows > 0 ? rows : nil
  }

  /// Columns, or `nil` when standard output is no terminal.
  static func columns() -> Int? {
    let columns = Int(ge_terminal_columns(STDOUT_FILENO))
    return columns > 0 ? columns : nil
  }
}
