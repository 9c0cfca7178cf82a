/// Printing that Ctrl-C stops: an answer of 20,000 lines is written in pieces, and once the
/// command's task is cancelled the rest is dropped from the screen (the exchange keeps it).
extension REPL {
  /// About how much is written between two looks at cancellation: a few screens at most.
  static let printPiece = 4096

  /// Writes `text` to the console piece by piece, each piece ending at a newline; stops when
  /// the task is cancelled, drops what the terminal has not shown yet and says how to see it
  /// again (`show #n` for `number`).
  /// - Returns: `false` when printing was stopped.
  @discardableResult
  func printStoppably(_ text: String, number: Int?) -> Bool {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      guard !Task.isCancelled else {
        if console.isOutputTerminal { Interrupts.discardPendingOutput() }
        let again = number.map { " · show #\($0) prints it again" } ?? ""
        // Colours reset (the cut may fall inside an escape sequence), then a fresh line.
        console.write(renderer.color ? "\u{1B}[0m\n" : "\n")
        console.writeError(renderer.dim("output stopped by Ctrl-C\(again)") + "\n")
        return false
      }
      var end = min(offset + Self.printPiece, bytes.count)
      while end < bytes.count && bytes[end - 1] != 0x0A { end += 1 }
      bytes[offset..<end].withUnsafeBytes { console.write(bytes: $0) }
      offset = end
    }
    return true
  }
}
