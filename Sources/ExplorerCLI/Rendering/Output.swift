import GraphAPI
import GraphJSON

/// What a command produced, before it is rendered for where it goes (the console, a file, a
/// pipe, the pager).
enum Output: Sendable {
  /// An answer: its status line and body.
  case exchange(Exchange)
  /// A batch answer: its status line, then each operation's status and decoded body.
  case batch(Exchange, GraphBatchResponse)
  /// A JSON value that is no single answer (merged pages, decoded batch parts).
  case json(JSONValue)
  /// Text that is the command's result (help, history, explain, code); ends with a newline.
  case text(String)
  /// A confirmation such as `token cleared`: shown on the console only, never redirected,
  /// left out in raw mode.
  case note(String)
}
