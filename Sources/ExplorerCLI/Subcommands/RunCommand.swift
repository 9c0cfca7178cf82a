import Foundation

/// `graph-explorer run <file> [options]`: runs a file of REPL lines as a script (no prompt, no
/// colour); `expect` lines make it a test. Exit status 1 if any line failed.
enum RunCommand {
  static let subcommand = Subcommand(
    name: "run",
    summary: "run a file of REPL lines as a script (exit status 1 if a line or expectation fails)"
  ) { arguments, console in
    guard let index = arguments.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" }),
      index == 0
        || !REPLOptions.table.namesTakingValues.contains(arguments[index - 1])
    else {
      console.errorLine("usage: graph-explorer run <file> [--raw] [--no-color] [--world FILE] ...")
      return .usage
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
