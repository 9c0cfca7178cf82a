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
    let handle = input.fileHandleForWriting
    // The pager may quit before reading everything (q): ignore the broken pipe.
    signal(SIGPIPE, SIG_IGN)
    try? handle.write(contentsOf: Data(text.utf8))
    try? handle.close()
    process.waitUntilExit()
    _ = ge_take_interrupt()
  }
}
