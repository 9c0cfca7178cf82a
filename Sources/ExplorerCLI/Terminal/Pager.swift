import CEditLine
import Foundation

/// Shows text taller than the screen through `less -R` (colours kept), on the terminal.
enum Pager {
  /// The pager command: `less -R`.
  static let arguments = ["less", "-R"]

  /// Pipes `text` into the pager and waits for it; writes it directly when there is no pager.
  static func page(_ text: String, console: any Console) throws(ExplorerError) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let input = Pipe()
    process.standardInput = input
    do {
      try process.run()
    } catch {
      console.write(text)
      return
    }
    // Our copy of the read end must go, or writing would block forever once the pager quits
    // (q) without reading everything; then the write fails with EPIPE, which is ignored.
    try? input.fileHandleForReading.close()
    signal(SIGPIPE, SIG_IGN)
    let handle = input.fileHandleForWriting
    let data = Data(text.utf8)
    let writer = Thread {
      try? handle.write(contentsOf: data)
      try? handle.close()
    }
    writer.start()
    process.waitUntilExit()
    _ = ge_take_interrupt()
  }
}
