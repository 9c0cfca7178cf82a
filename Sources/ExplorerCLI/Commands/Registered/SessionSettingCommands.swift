/// `target [emulator | live | <url>]`: where requests go.
struct TargetCommand: REPLCommand {
  static let help = CommandHelp(
    "target [emulator | live | <url>]",
    summary: "Shows or changes where requests go: the emulator, graph.facebook.com, or a URL",
    details: """
      Without a target, prints where requests go. live drops the emulator's token (use
      token <value> or FB_ACCESS_TOKEN); a URL reaches graph-explorer serve or any
      Graph-compatible server. Not while recording.
      """,
    options: [
      "emulator": "the embedded emulator (the default)",
      "live": "https://graph.facebook.com over the network",
      "<url>": "an http(s) origin such as http://127.0.0.1:8080",
    ],
    examples: "target http://127.0.0.1:8080", "target live", "target emulator")

  /// The new target, `nil` to show it.
  var target: String?

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> TargetCommand {
    TargetCommand(target: try optionalWord(arguments)?.text)
  }

  static func completion(_ context: CompletionContext) -> Completion? {
    context.firstWord(["emulator", "live", "http://127.0.0.1:"])
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [try repl.target(target)]
  }
}

/// `app [<id> [<secret>] | clear]`: the app, and with its secret `appsecret_proof` on every
/// request.
struct AppCommand: REPLCommand {
  static let help = CommandHelp(
    "app [<id> [<secret>] | clear]",
    summary: "Shows, sets or clears the app; with a secret every request carries appsecret_proof",
    details: """
      The proof is the hex HMAC-SHA256 of the token keyed by the secret. The secret stays
      in memory: the line never reaches the history file and cassettes redact it.
      """,
    options: [
      "<id>": "the app's id",
      "<secret>": "the app secret: every request then carries appsecret_proof",
      "clear": "forgets the app and its secret",
    ],
    examples: "app 233936543368280 5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60", "app", "app clear")

  var setting: Command.AppSetting

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> AppCommand {
    let words = arguments.map(\.text)
    switch words.count {
    case 0: return AppCommand(setting: .show)
    case 1 where words[0] == "clear": return AppCommand(setting: .clear)
    case 1: return AppCommand(setting: .set(id: words[0], secret: nil))
    case 2: return AppCommand(setting: .set(id: words[0], secret: words[1]))
    default: throw CommandParser.usage(reference.name)
    }
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [try repl.app(setting)]
  }
}

/// `set [name [value]]`: the preferences, shown or changed (and saved).
struct SetCommand: REPLCommand {
  static let help = CommandHelp(
    "set [verbose|pager|color|check-status on|off], set max-answer-bytes SIZE",
    summary: "Shows or changes a preference: request logging, the pager, colours, the answer limit",
    details: """
      Interactive sessions keep these in ~/.config/graph-explorer/config.json; scripts
      start from the defaults (verbose off, pager on, colours on a terminal).
      Without a value, shows the setting; without a name, lists them all.
      check-status is for scripts only, as --check-status is.
      """,
    options: [
      "verbose on|off": "logs each request on standard error, as the iOS SDK does",
      "pager on|off": "answers taller than the screen go through the pager",
      "color on|off": "ANSI colours",
      "max-answer-bytes SIZE":
        "the largest network answer, received or decoded (64M; this session only)",
      "check-status on|off": "a script stops at an HTTP 3xx, 4xx or 5xx answer, exiting 3, 4 or 5",
    ],
    examples: "set", "set verbose on", "set pager off", "set color off", "set max-answer-bytes 16M")

  var name: String?
  var value: String?

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> SetCommand {
    guard arguments.count <= 2 else { throw CommandParser.usage(reference.name) }
    return SetCommand(
      name: arguments.first?.text, value: arguments.count == 2 ? arguments[1].text : nil)
  }

  static func completion(_ context: CompletionContext) -> Completion? {
    switch context.index {
    case 0: return Completion(prefix: context.current, candidates: REPL.settingNames)
    case 1 where context.words[1] == "max-answer-bytes":
      return Completion(prefix: context.current, candidates: ["16M", "64M", "256M"])
    case 1: return Completion(prefix: context.current, candidates: ["on", "off"])
    default: return Completion.none
    }
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    guard let name, let value else { return [.text(try repl.settingsListing(only: name))] }
    let note = try repl.set(name, value)
    try repl.savePreferences()
    return [.note(note)]
  }
}
