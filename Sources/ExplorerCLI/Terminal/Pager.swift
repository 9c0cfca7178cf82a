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

  /// What the pager's shell runs first, as git does: `LESS=FRX` and `LV=-c` unless the user set
  /// them, so `PAGER=less` shows colours, quits for a short text and keeps the answer on the
  /// screen after `q`.
  static let environmentDefaults = #"export LESS="${LESS-FRX}" LV="${LV--c}"; "#

  /// Whether the pager shows colours rather than their escape codes: anything but `less`
  /// does (`more`, `most`, `bat`); `less` does with `-R`/`-r` in its command or in `LESS`
  /// (`FRX` when unset).
  static func showsColour(environment: [String: String]) -> Bool {
    let words = command(environment: environment).split(separator: " ")
    guard let program = words.first?.split(separator: "/").last, program == "less" else {
      return true
    }
    let flags =
      words.dropFirst().filter { $0.hasPrefix("-") && !$0.hasPrefix("--") }.joined()
      + (environment["LESS"] ?? "FRX")
    return flags.contains("R") || flags.contains("r")
  }

  /// `text` without its colour escapes (`ESC [ ... m`), for a pager that would show them raw.
  static func withoutColour(_ text: String) -> String {
    var out: [UInt8] = []
    let bytes = Array(text.utf8)
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5B {
        var j = i + 2
        while j < bytes.count, (0x30...0x3F).contains(bytes[j]) { j += 1 }
        if j < bytes.count, bytes[j] == 0x6D {
          i = j + 1
          continue
        }
      }
      out.append(bytes[i])
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Pipes `text` into the pager and waits for it; writes it directly when there is no pager.
  static func page(_ text: String, console: any Console) throws(ExplorerError) {
    let arguments = [
      "/bin/sh", "-c", environmentDefaults + command(environment: console.environment),
    ]
    let text = showsColour(environment: console.environment) ? text : withoutColour(text)
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
