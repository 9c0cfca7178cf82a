/// `token [<value> | clear | --show | exchange]`: the session's token, shown by one rule whether
/// it is being set or asked for (`REPL.shown`), set (a test token's name sets that token),
/// cleared, or traded for a long-lived one.
struct TokenCommand: REPLCommand {
  static let help = CommandHelp(
    "token [<value> | clear | --show | exchange]",
    summary:
      "Shows (masked unless the emulator's own or --show), sets, clears or exchanges the token",
    details: """
      The emulator's own tokens are shown in full while it is the target, others masked;
      --show shows any token in full. A test token's name (alice-publish) sets that token.
      A line that sets a token is never written to the history file.
      """,
    options: [
      "<value>": "uses this token from now on (or a test token's name)",
      "clear": "sends no token",
      "--show": "prints the token in full",
      "exchange": "trades it for a 60-day token with the app's id and secret",
    ],
    examples: "token alice-publish", "token --show", "token exchange", "token clear")

  /// What `token` does with the session's token.
  enum Action: Equatable, Sendable {
    /// Prints it; in full when `unmasked` (`--show`).
    case show(unmasked: Bool = false)
    /// Uses this token, or the test token of this name.
    case set(String)
    /// Sends no token.
    case clear
    /// `fb_exchange_token`: a long-lived token for the session's.
    case exchange
  }

  var action: Action

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> TokenCommand {
    switch try optionalWord(arguments)?.text {
    case nil: return TokenCommand(action: .show())
    case "--show": return TokenCommand(action: .show(unmasked: true))
    case "exchange": return TokenCommand(action: .exchange)
    case "clear": return TokenCommand(action: .clear)
    case let value?: return TokenCommand(action: .set(value))
    }
  }

  static func completion(_ context: CompletionContext) -> Completion? {
    context.firstWord(context.completer.testTokens + ["clear", "--show"])
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    let session = repl.session
    switch action {
    case .show(let unmasked):
      guard let token = session.token else { return [.text("no token\n")] }
      return [.text("token \(repl.shown(token, unmasked: unmasked))\n")]
    case .set(let value):
      let named = session.testToken(named: value)
      let token = named ?? value
      session.token = token
      let name = named == nil ? "" : " · the test token \(value)"
      // A word close to a test token's name (`token alcie`) is most likely a typo of it: say so
      // now, not after the 190 it will get (issue 29).
      let names = session.testTokens.compactMap(\.name)
      let typo =
        named == nil
        ? Suggestion.closest(to: value, among: names).map {
          " · not a test token's name: did you mean \($0)? (token \($0))"
        } ?? "" : ""
      return [.note("token set (\(repl.shown(token, unmasked: false)))\(name)\(typo)")]
    case .clear:
      session.token = nil
      return [.note("token cleared")]
    case .exchange:
      return [.note(try repl.tokenExchange())]
    }
  }
}
