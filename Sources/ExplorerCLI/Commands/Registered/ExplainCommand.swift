import GraphAPI

/// `explain [#n] [--sdk NAME]`: an answer explained, and what each SDK makes of it.
struct ExplainCommand: REPLCommand {
  static let help = CommandHelp(
    "explain [#n] [--sdk ios3|ios|android|php|js]",
    summary: "Explains an answer: the Graph error and its fix, and what each SDK reports (or one)",
    details: """
      For an error: code, subcode, type and message, the error catalogue's meaning, likely
      cause and fix; then what each SDK hands the app (the iOS SDK 3.x NSError and its
      fberrorCategory, FBSDKCoreKit's error kind, Android, PHP, JavaScript). For a success,
      the result the completion handler receives.
      """,
    options: [
      "#n": "the exchange to explain (default: the last)",
      "--sdk NAME": "one view only: ios3, ios, android, php or js",
    ],
    examples: "explain", "explain #4 --sdk android", "explain --sdk php")

  var exchange: ExchangeReference
  var sdk: ExplainSDK?

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> ExplainCommand {
    var rest = arguments
    var sdk: ExplainSDK?
    if let flag = rest.firstIndex(where: { $0.text == "--sdk" }) {
      guard flag + 1 < rest.count else { throw CommandParser.usage(reference.name) }
      let name = rest[flag + 1]
      guard let chosen = ExplainSDK(rawValue: name.text) else {
        throw .syntax(
          message: "expected an SDK (\(ExplainSDK.names)), found '\(name.text)'",
          column: name.column)
      }
      sdk = chosen
      rest.removeSubrange(flag...(flag + 1))
    }
    return ExplainCommand(exchange: try CommandParser.reference(rest, reference.name), sdk: sdk)
  }

  /// The SDKs after `--sdk`, else `--sdk`.
  static func completion(_ context: CompletionContext) -> Completion? {
    let words = context.words
    let afterFlag =
      words.last == "--sdk"
      || (words.count >= 2 && words[words.count - 2] == "--sdk" && !context.before.hasSuffix(" "))
    return Completion(
      prefix: context.current,
      candidates: afterFlag ? ExplainSDK.allCases.map(\.rawValue) : ["--sdk"])
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(Explanation.text(for: try repl.session.exchange(exchange), sdk: sdk))]
  }
}
