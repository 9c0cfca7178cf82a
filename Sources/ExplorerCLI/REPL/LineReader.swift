/// Where the REPL's lines come from: the line editor on a terminal, or standard input as a
/// script.
protocol LineReader: AnyObject {
  /// Reads the next line, showing `prompt` when interactive.
  func read(prompt: String) -> LineReaderEvent
  /// Records a line the user entered (for Up-arrow and the history file).
  func remember(_ line: String)
}

/// What reading a line gave.
enum LineReaderEvent: Equatable, Sendable {
  case line(String)
  /// Ctrl-C: the line was cancelled; the REPL goes on.
  case interrupted
  /// Ctrl-D or the end of the script.
  case end
}

/// Reads a script from the console's standard input: no prompt, no history.
final class ScriptReader: LineReader {
  private let console: any Console

  init(console: any Console) { self.console = console }

  func read(prompt: String) -> LineReaderEvent {
    console.readLine().map(LineReaderEvent.line) ?? .end
  }

  func remember(_ line: String) {}
}
