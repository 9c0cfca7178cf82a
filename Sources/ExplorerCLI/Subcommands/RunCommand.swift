import Foundation

/// `graph-explorer run <file> [options]`: runs a file of REPL lines as a script (no prompt, no
/// colour); `expect` lines make it a test. Exit status 1 if any line failed.
enum RunCommand {
  /// `run`'s help: the file, then the REPL's options, which it takes.
  static let usage = CommandUsage(
    "run", operands: "FILE", options: REPLOptions.table.specs,
    about: """
      Runs the lines of FILE (- for standard input) as a REPL script: no prompt, no colour, the
      options as the REPL takes them. expect lines make it a test. Exit status 1 if a line or an
      expectation fails; with --check-status the run stops at the first answer with HTTP 3xx, 4xx
      or 5xx and exits 3, 4 or 5.
      """, helpColumn: ServeOptions.helpColumn)

  static let subcommand = Subcommand(
    summary: "run a file of REPL lines as a script (exit status 1 if a line or expectation fails)",
    usage: usage
  ) { arguments, console in
    var asked = REPLOptions()
    if (try? REPLOptions.table.parse(arguments, into: &asked)) != nil, asked.help {
      console.write(usage.text)
      return .success
    }
    guard let index = arguments.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" }),
      index == 0
        || !REPLOptions.table.namesTakingValues.contains(arguments[index - 1])
    else {
      return SubcommandLine<REPLOptions>.failure(
        "expected a file of REPL lines", command: "run", console)
    }
    let path = arguments[index]
    let data: Data?
    if path == "-" {
      data = Data(console.readAll())
    } else {
      data = FileManager.default.contents(atPath: (path as NSString).expandingTildeInPath)
    }
    guard let data else {
      console.errorLine(ErrorPresenter.subcommand("run", "\(path): cannot be read"))
      return .usage
    }
    var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    var options = arguments
    options.remove(at: index)
    return await REPLLauncher.run(
      options, console: console, script: lines, makeBackend: Backend.make)
  }
}
