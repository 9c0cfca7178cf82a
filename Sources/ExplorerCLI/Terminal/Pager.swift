import CEditLine
import Foundation

/// Shows text taller than the screen through a pager: `$GRAPH_EXPLORER_PAGER`, else `$PAGER`,
/// else `less -FRX` (colours kept; a short text prints straight through; a long one stays on the
/// screen after `q`). The command is run by `/bin/sh -c`, so it may carry options.
enum Pager {
  /// The pager when the environment names none.
  static let defaultCommand = "less -FRX"

  /// The pager command for `environment`: the first non-empty of `GRAPH_EXPLORER_PAGER` and
  /// `PAGER`, else `less -FRX`.
  static func command(environment: [String: String]) -> String {
    for name in ["GRAPH_EXPLORER_PAGER", "PAGER"] {
      if let value = environment[name], !value.trimmingSpaces.isEmpty { return value }
    }
    return defaultCommand
  }

  /// Pipes `text` into the pager and waits for it; writes it directly when there is no pager.
  static func page(_ text: String, console: any Console) throws(ExplorerError) {
    let arguments = ["/bin/sh", "-c", command(environment: console.environment)]
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
