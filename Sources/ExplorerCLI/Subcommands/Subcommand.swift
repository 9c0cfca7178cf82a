/// A command-line subcommand such as `graph-explorer fmt`: its name, one-line summary, and
/// the function that runs it with the arguments after its name.
public struct Subcommand: Sendable {
  public var name: String
  public var summary: String
  public var run: @Sendable (_ arguments: [String], _ console: any Console) async -> ExitStatus

  public init(
    name: String, summary: String,
    run: @escaping @Sendable (_ arguments: [String], _ console: any Console) async -> ExitStatus
  ) {
    self.name = name
    self.summary = summary
    self.run = run
  }
}
