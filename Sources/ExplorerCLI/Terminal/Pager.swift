import CEditLine
import Foundation

/// Shows text taller than the screen through `less -R` (colours kept), on the terminal.
enum Pager {
  /// The pager command: `less -R`.
  static let arguments = ["less", "-R"]

  /// Pipes `text` into the pager and waits for it; writes it directly when there is no pager.
  static func page(_ text: String, console: any Console) throws(ExplorerError) {
    let pipe = try ChildProcess.pipe()
    let pid: pid_t
    do {
      pid = try ChildProcess.spawn(arguments, stdin: .descriptor(pipe.read))
    } catch {
      close(pipe.read)
      close(pipe.write)
      console.write(text)
      return
    }
    close(pipe.read)
    // The pager may quit (q) before reading everything: the write then fails with EPIPE.
    signal(SIGPIPE, SIG_IGN)
    ChildProcess.writeAll(Array(text.utf8), to: pipe.write)
    close(pipe.write)
    _ = ChildProcess.wait(pid)
  }
}
