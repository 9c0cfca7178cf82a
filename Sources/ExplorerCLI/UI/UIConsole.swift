import Foundation
import GraphAPI

/// The console the `ui` command's REPL writes to: what a command printed is taken from it and
/// shown on the page (`record`, `replay`, `diff`, `doctor`). It reads no input.
final class UIConsole: Console, Sendable {
  private let text = Locked("")

  func write(_ more: String) { text.withLock { $0 += more } }
  func writeError(_ more: String) { text.withLock { $0 += more } }
  var isOutputTerminal: Bool { false }
  var isInputTerminal: Bool { false }
  var environment: [String: String] { [:] }
  func readLine() -> String? { nil }
  func readAll() -> [UInt8] { [] }

  /// What was written since the last call, emptied.
  func take() -> String {
    text.withLock { text in
      defer { text = "" }
      return text
    }
  }
}
