/// `all [--max N]`: `paging.next` followed to the end (or N items), the pages merged.
struct AllCommand: REPLCommand {
  static let help = CommandHelp(
    "all [--max N]",
    summary: "Follows paging.next to the end (or N items) and prints the merged data",
    details: """
      Starts from the last answer, which must have a data array. Each page is an exchange,
      and so is the merged {"data": [...]} (#n: show, $last, save and diff work on it).
      Ctrl-C stops between pages or inside a page request and keeps what arrived.
      """,
    options: ["--max N": "stops once N items have arrived"],
    examples: "GET me/friends?limit=25", "all", "all --max 100")

  var max: Int?

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> AllCommand {
    if arguments.isEmpty { return AllCommand(max: nil) }
    guard arguments.count == 2, arguments[0].text == "--max", let n = Int(arguments[1].text),
      n > 0
    else { throw CommandParser.usage(reference.name) }
    return AllCommand(max: n)
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    try await repl.all(max: max, text: line)
  }
}
