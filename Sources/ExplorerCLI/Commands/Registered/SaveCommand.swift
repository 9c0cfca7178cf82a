/// `save [#n] <file>`: an exchange's response body written to a new file.
struct SaveCommand: REPLCommand {
  static let help = CommandHelp(
    "save [#n] <file>", summary: "Writes an exchange's response body to a file",
    details: """
      It never overwrites: an existing file is an error. The session's token,
      appsecret_proof and app secret are written as <ACCESS_TOKEN>, <APPSECRET_PROOF> and
      <APP_SECRET> (Graph repeats the token in paging URLs).
      """,
    options: [
      "#n": "the exchange (default: the last)",
      "<file>": "where to write (~ is expanded)",
    ],
    examples: "save friends.json", "save #3 friends.json")

  var exchange: ExchangeReference
  var path: String

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> SaveCommand {
    switch arguments.count {
    case 1: return SaveCommand(exchange: .last, path: arguments[0].text)
    case 2:
      guard let exchange = ExchangeReference(arguments[0].text) else {
        throw CommandParser.usage(reference.name)
      }
      return SaveCommand(exchange: exchange, path: arguments[1].text)
    default: throw CommandParser.usage(reference.name)
    }
  }

  static func completion(_ context: CompletionContext) -> Completion? { context.fileNames() }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.note(try repl.save(try repl.session.exchange(exchange), to: path))]
  }
}
