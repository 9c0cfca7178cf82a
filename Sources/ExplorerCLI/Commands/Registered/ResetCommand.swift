/// `reset`: the emulator's world as it started, and the default user's token.
struct ResetCommand: ArgumentlessCommand {
  static let help = CommandHelp(
    "reset", summary: "Restores the emulator's world, clock and ids, and the default user's token",
    details: """
      Undoes every write, logs the default user back in and restarts the emulator's clock
      and ids. The history of exchanges is kept.
      """,
    examples: "reset", "GET me/feed")

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.note(try repl.reset())]
  }
}
