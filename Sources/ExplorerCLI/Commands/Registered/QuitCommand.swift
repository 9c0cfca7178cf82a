/// `quit` (or `exit`): the REPL's loop stops when a line parses to it (`REPL.execute`), as at
/// the end of its input (Ctrl-D).
struct QuitCommand: ArgumentlessCommand {
  static let help = CommandHelp(
    "quit", summary: "Leaves the REPL (also exit, or Ctrl-D)",
    details: """
      The history of lines is saved; exchanges and variables end with the session.
      """,
    examples: "quit", "exit")

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] { [] }
}
