/// `next` and `prev`: the last answer's `paging.next` or `paging.previous`, sent as it is.
struct NextCommand: ArgumentlessCommand {
  static let help = CommandHelp(
    "next", summary: "Follows paging.next of the last answer",
    details: """
      Sends the last answer's paging.next URL as it is (its cursor or offset, the session's
      token); the page is a new exchange. On the last page (no paging.next), and after an
      error answer, it says so and sends nothing.
      """,
    examples: "GET me/friends?limit=2", "next")

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.exchange(try await repl.follow("next"))]
  }
}

/// `prev`: `paging.previous` of the last answer.
struct PreviousCommand: ArgumentlessCommand {
  static let help = CommandHelp(
    "prev", summary: "Follows paging.previous of the last answer",
    details: """
      Sends the last answer's paging.previous URL; on the first page (no paging.previous)
      it says so and sends nothing.
      """,
    examples: "next", "prev")

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.exchange(try await repl.follow("previous"))]
  }
}
