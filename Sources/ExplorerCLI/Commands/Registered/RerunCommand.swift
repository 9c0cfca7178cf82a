/// `!n` and `!!`: an exchange's line sent again, with the version it had and the current
/// token. The parser reads the `!` as the name and what follows it (`3`, `!`) as the first word.
struct RerunCommand: REPLCommand {
  static let help = CommandHelp(
    "!n | !!", summary: "Runs exchange #n (or the last one) again",
    details: """
      Prints the line it runs, then sends it again with the current token and the version
      it was sent with, as a new exchange.
      """,
    options: [
      "!n": "runs exchange #n again",
      "!!": "runs the last exchange again",
    ],
    examples: "!3", "!!")

  var exchange: ExchangeReference

  /// `arguments`: what follows the `!` (`3`, or `!` for the last), and nothing else.
  static func parse(_ arguments: [Word]) throws(ExplorerError) -> RerunCommand {
    guard arguments.count == 1 else { throw CommandParser.usage("!") }
    let target = arguments[0].text
    if target == "!" { return RerunCommand(exchange: .last) }
    guard let reference = ExchangeReference(target), target.first != "#" else {
      throw CommandParser.usage("!")
    }
    return RerunCommand(exchange: reference)
  }

  /// Says which line it runs, then sends it again.
  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    let old = try repl.session.exchange(exchange)
    guard old.label == nil else {
      throw .failed("#\(old.number) was merged by 'all', not sent: run 'all' again")
    }
    if !repl.renderer.raw { repl.console.line(repl.renderer.dim(old.line)) }
    let session = repl.session
    let current = session.version
    session.version = old.version
    defer { session.version = current }
    return [.exchange(try await repl.send(old.source, text: old.line))]
  }
}
