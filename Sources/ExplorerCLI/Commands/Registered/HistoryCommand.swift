/// `history`: the exchanges of this session, one line each.
struct HistoryCommand: ArgumentlessCommand {
  static let help = CommandHelp(
    "history", summary: "Lists the exchanges of this session",
    details: """
      One line each: #3  200  GET /me/friends?limit=2  1 ms. A POST or DELETE shows its
      body's parameters (secrets <redacted>); a line that gave the token says which was
      sent (· token CAAEmuBob (access_token=)); all's merged result says what it merged.
      """,
    examples: "history", "history | grep POST")

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(repl.historyListing())]
  }
}
