import CSystem
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

  /// Whether standard input has bytes waiting to be read (the rest of a pasted block).
  static func inputIsWaiting() -> Bool {
    var entry = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0
  }
}
