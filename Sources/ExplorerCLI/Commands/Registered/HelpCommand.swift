/// `help [command]` (or `? [command]`): the list of commands, or one command's page
/// (`HelpText`).
struct HelpCommand: REPLCommand {
  static let help = CommandHelp(
    "help [command]", summary: "Lists the commands, or explains one",
    details: """
      Without a command, the list of commands and the line grammar's notes.
      """,
    options: ["command": "a command's usage, options and examples"],
    examples: "help", "help batch")

  /// The command to explain, `nil` for the list.
  var topic: String?

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> HelpCommand {
    HelpCommand(topic: try optionalWord(arguments)?.text)
  }

  static func completion(_ context: CompletionContext) -> Completion? {
    context.firstWord(Completer.commandWords)
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(try HelpText.render(topic: topic, renderer: repl.renderer))]
  }
}
