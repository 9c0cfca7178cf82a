/// A command-line subcommand such as `graph-explorer fmt`: its name, one-line summary, what
/// its `--help` says (from which the synopsis, `help fmt`, the manual page and the completion
/// scripts are derived), and the function that runs it with the arguments after its name.
public struct Subcommand: Sendable {
  public var name: String
  public var summary: String
  var usage: CommandUsage
  public var run: @Sendable (_ arguments: [String], _ console: any Console) async -> ExitStatus

  init(
    summary: String, usage: CommandUsage,
    run: @escaping @Sendable (_ arguments: [String], _ console: any Console) async -> ExitStatus
  ) {
    self.name = usage.name
    self.summary = summary
    self.usage = usage
    self.run = run
  }
}
