/// `reset`: the emulator's world as it started, and the default user's token.
struct ResetCommand: ArgumentlessCommand {
  static let reference = CommandReference.Entry(
    name: "reset", usage: "reset",
    summary: "Restores the emulator's world, clock and ids, and the default user's token")

  static let manual = CommandManual.Page(
    details: [
      "Undoes every write, logs the default user back in and restarts the emulator's clock",
      "and ids. The history of exchanges is kept.",
    ],
    options: [],
    examples: ["reset", "GET me/feed"])

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.note(try repl.reset())]
  }
}
