/// Reads lines given on the command line with `-c`.
final class ArrayReader: LineReader {
  private var lines: [String]

  init(lines: [String]) { self.lines = lines }

  func read(prompt: String) -> LineReaderEvent {
    lines.isEmpty ? .end : .line(lines.removeFirst())
  }

  func remember(_ line: String) {}
}
