/// Everything that can go wrong in ExplorerCLI, with the context a one-line message needs.
/// Presentation (the text, a caret under the column) lives in `ErrorPresenter`.
public enum ExplorerError: Error, Sendable, Equatable {
  /// A malformed line: what is wrong and the 1-based column where it starts.
  case syntax(message: String, column: Int)
  /// A word that is neither a command nor a request.
  case unknownCommand(String)
  /// A command given the wrong arguments: the command and its usage.
  case usage(command: String, usage: String)
  /// `#n` (or `$#n`) names no exchange in the history.
  case noExchange(Int)
  /// An exchange the history no longer keeps, and the numbers it keeps.
  case forgottenExchange(Int, kept: ClosedRange<Int>)
  /// A command needs an earlier answer and there is none yet.
  case noHistory
  /// A variable such as `$last.id` found nothing in its answer.
  case unresolvedVariable(String)
  /// `$name` names no variable `let` set: the name and the names that are set.
  case unknownVariable(String, known: [String])
  /// A file could not be read or written.
  case file(path: String, reason: String)
  /// The transport gave no answer (connection refused, no recorded match, ...).
  case transport(String)
  /// A command could not do what it was asked, with the reason.
  case failed(String)
  /// Ctrl-C cancelled the request in flight after this many milliseconds.
  case cancelled(milliseconds: Int)
}

extension ExplorerError: CustomStringConvertible {
  /// The message, without any position prefix.
  public var description: String {
    switch self {
    case .syntax(let message, let column): return "column \(column): \(message)"
    case .unknownCommand(let name):
      guard let near = Suggestion.closest(to: name, among: Completer.commandWords) else {
        let forms = CommandManual.commands(takingWord: name)
        guard !forms.isEmpty else { return "unknown command '\(name)' (type 'help' for the list)" }
        return
          "unknown command '\(name)': did you mean \(forms.joined(separator: " or "))? (type 'help' for the list)"
      }
      return "unknown command '\(name)': did you mean \(near)? (type 'help' for the list)"
    case .usage(let command, let usage): return "usage of \(command): \(usage)"
    case .noExchange(let n): return "no exchange #\(n) in the history"
    case .forgottenExchange(let n, let kept):
      return
        "#\(n) is no longer kept: the session keeps its last \(ExchangeHistory.defaultMaxCount) exchanges within \(ExchangeHistory.defaultMaxBytes >> 20) MB of answers (#\(kept.lowerBound) to #\(kept.upperBound) now)"
    case .noHistory: return "no exchange yet: send a request first"
    case .unresolvedVariable(let text): return "\(text) does not name a value in that answer"
    case .unknownVariable(let name, let known):
      let listed =
        known.isEmpty
        ? "no variable is set" : "variables: " + known.map { "$" + $0 }.joined(separator: ", ")
      let near = Suggestion.closest(to: name, among: known).map { ": did you mean $\($0)?" } ?? ""
      return "no variable $\(name)\(near) (\(listed); let \(name) = VALUE sets it)"
    case .file(let path, let reason): return "\(path): \(reason)"
    case .transport(let message): return message
    case .failed(let message): return message
    case .cancelled(let ms): return "cancelled after \(ms) ms"
    }
  }
}
