/// The `graph-explorer` command: dispatches to a subcommand, or opens the REPL.
public enum GraphExplorer {
  /// The version printed by `--version`.
  public static let version = "0.1.0"

  /// Every subcommand, in the order `--help` lists them.
  static let subcommands: [Subcommand] = [
    DiffCommand.subcommand,
    PatchCommand.subcommand,
    ServeCommand.subcommand,
    ProxyCommand.subcommand,
    FmtCommand.subcommand,
    ImportCommand.subcommand,
    ExportCommand.subcommand,
    AuditCommand.subcommand,
    DoctorCommand.subcommand,
    VerifyCommand.subcommand,
    WorldCommand.subcommand,
    RunCommand.subcommand,
    UICommand.subcommand,
  ]

  /// Every command as declared, for the manual page and the completion scripts.
  static var commandLine: CommandLineDescription {
    CommandLineDescription(
      root: usage, subcommands: subcommands.map { ($0.summary, $0.usage) }, version: version)
  }

  /// What `graph-explorer --help` says: the REPL's options, then the subcommands.
  static var usage: CommandUsage {
    var usage = REPLOptions.usage
    let width = subcommands.map(\.name.count).max() ?? 0
    usage.footer =
      "subcommands:\n"
      + subcommands.map {
        "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.summary
      }.joined(separator: "\n")
    return usage
  }

  /// Runs the command line `arguments` (without the program name) and returns the exit status.
  public static func main(arguments: [String], console: any Console) async -> ExitStatus {
    if let first = arguments.first, let sub = subcommands.first(where: { $0.name == first }) {
      return await sub.run(Array(arguments.dropFirst()), console)
    }
    if arguments.first == "help" { return help(Array(arguments.dropFirst()), console: console) }
    return await REPLLauncher.run(arguments, console: console, makeBackend: Backend.make)
  }

  /// `graph-explorer help [SUBCOMMAND]`: what `--help` says, of the program or the subcommand.
  static func help(_ arguments: [String], console: any Console) -> ExitStatus {
    guard let name = arguments.first else {
      console.write(usage.text)
      return .success
    }
    guard arguments.count == 1, let sub = subcommands.first(where: { $0.name == name }) else {
      let shown = arguments.count == 1 ? "unknown subcommand '\(name)'" : "expected one subcommand"
      console.errorLine(ErrorPresenter.subcommand("help", shown))
      console.errorLine("subcommands: " + subcommands.map(\.name).joined(separator: ", "))
      return .usage
    }
    console.write(sub.usage.text)
    return .success
  }
}
