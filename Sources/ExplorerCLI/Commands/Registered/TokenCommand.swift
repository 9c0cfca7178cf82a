/// `token [<value> | clear | --show | exchange]`: the session's token, shown by one rule whether
/// it is being set or asked for (`REPL.shown`), set (a test token's name sets that token),
/// cleared, or traded for a long-lived one.
struct TokenCommand: REPLCommand {
  static let help = CommandHelp(
    "token [<value> | clear | --show | exchange | page [<name> | <id>]]",
    summary:
      "Shows (masked unless the emulator's own or --show), sets, clears or exchanges the token",
    details: """
      The emulator's own tokens are shown in full while it is the target, others masked;
      --show shows any token in full. A test token's name (alice-publish) sets that token.
      A line that sets a token is never written to the history file. The value may come
      from an earlier answer: token $last.data[0].access_token uses the first Page's
      token of a me/accounts answer. token page Farmers does it in one step: it reads
      me/accounts (an exchange of the history) and uses that Page's token.
      """,
    options: [
      "<value>": "uses this token from now on (or a test token's name)",
      "clear": "sends no token",
      "--show": "prints the token in full",
      "exchange": "trades it for a 60-day token with the app's id and secret",
      "page [<name> | <id>]":
        "the token of that Page of me/accounts (alone: the only Page)",
    ],
    examples: "token alice-publish", "token $last.data[0].access_token", "token page Farmers",
    "token --show",
    "token exchange", "token clear")

  /// What `token` does with the session's token.
  enum Action: Equatable, Sendable {
    /// Prints it; in full when `unmasked` (`--show`).
    case show(unmasked: Bool = false)
    /// Uses this token, or the test token of this name.
    case set(String)
    /// Uses the value an earlier answer holds: `token $last.data[0].access_token` (a Page's
    /// token from `me/accounts`), filled in when the line runs.
    case setFrom(Template)
    /// Sends no token.
    case clear
    /// `fb_exchange_token`: a long-lived token for the session's.
    case exchange
    /// Uses the token of the Page `me/accounts` lists by this name or id (`nil`: the only one).
    case page(String?)
  }

  var action: Action

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> TokenCommand {
    // `token page San Francisco Farmers Market`: the words after `page` are the Page's name.
    if arguments.first?.text == "page" {
      let name = arguments.dropFirst().map(\.text).joined(separator: " ")
      return TokenCommand(action: .page(name.isEmpty ? nil : name))
    }
    if let word = try optionalWord(arguments), word.template.literal == nil {
      return TokenCommand(action: .setFrom(word.template))
    }
    switch try optionalWord(arguments)?.text {
    case nil: return TokenCommand(action: .show())
    case "--show": return TokenCommand(action: .show(unmasked: true))
    case "exchange": return TokenCommand(action: .exchange)
    case "clear": return TokenCommand(action: .clear)
    case let value?: return TokenCommand(action: .set(value))
    }
  }

  static func completion(_ context: CompletionContext) -> Completion? {
    context.firstWord(context.completer.testTokens + ["clear", "--show", "page"])
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    let session = repl.session
    switch action {
    case .show(let unmasked):
      guard let token = session.token else { return [.text("no token\n")] }
      return [.text("token \(repl.shown(token, unmasked: unmasked))\n")]
    case .setFrom(let template):
      return set(try session.resolve(template), in: repl)
    case .set(let value):
      return set(value, in: repl)
    case .clear:
      session.token = nil
      return [.note("token cleared")]
    case .exchange:
      return [.note(try repl.tokenExchange())]
    case .page(let wanted):
      return try await repl.usePageToken(wanted)
    }
  }

  /// Uses `value`, or the test token it names, from now on.
  private func set(_ value: String, in repl: REPL) -> [Output] {
    let session = repl.session
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
  }
}
