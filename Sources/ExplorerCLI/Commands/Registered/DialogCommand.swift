/// `dialog feed|apprequests|oauth [--cancel] [name=value ...]`: a web dialog on the emulator
/// and the redirect the SDK receives.
struct DialogCommand: REPLCommand {
  static let help = CommandHelp(
    "dialog feed|apprequests|oauth [--cancel] [name=value ...]",
    summary: "Runs a web dialog on the emulator and shows the redirect the SDK receives",
    details: """
      The parameters are the dialog's own; app_id and the session's token are added. The
      output is the redirect URL (codes and tokens masked), its parameters, and the result
      the SDK reports. dialog oauth response_type=token gives the session its token.
      """,
    options: [
      "feed": "the feed dialog: link, name, caption, description, picture, to",
      "apprequests": "the requests dialog: message, to, data, title",
      "oauth": "the login dialog: scope, response_type, state",
      "--cancel": "presses Cancel instead of Share, Send or Okay",
      "name=value": "a parameter of the dialog",
    ],
    examples: "dialog feed link=http://example.com/meal name=Lunch", "dialog feed --cancel",
    "dialog oauth response_type=token scope=user_photos")

  var name: String
  var parameters: [String]
  var cancel: Bool

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> DialogCommand {
    var words = arguments.map(\.text)
    guard !words.isEmpty else { throw CommandParser.usage(reference.name) }
    let name = words.removeFirst()
    return DialogCommand(
      name: name, parameters: words.filter { $0 != "--cancel" }, cancel: words.contains("--cancel"))
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(try repl.dialog(name, parameters, cancel: cancel))]
  }
}
