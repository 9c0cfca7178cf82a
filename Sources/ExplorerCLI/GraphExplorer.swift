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

  /// Runs the command line `arguments` (without the program name) and returns the exit status.
  public static func main(arguments: [String], console: any Console) async -> ExitStatus {
    if let first = arguments.first, let sub = subcommands.first(where: { $0.name == first }) {
      return await sub.run(Array(arguments.dropFirst()), console)
    }
    return await REPLLauncher.run(arguments, console: console, makeBackend: Backend.make)
  }
}
