import GraphEmulator

/// `login [--code-flow] [<person>] [<permission> ... | --scope a,b]`: a person of the world
/// logged in with permissions, as `FBSession openWithPermissions` would (`REPL+Login.swift`);
/// through a served emulator's login dialog when one is the target (`REPL+ServedLogin.swift`);
/// with `--code-flow`, the OAuth dialog and its code exchanged (`REPL+Dialogs.swift`).
struct LoginCommand: REPLCommand {
  static let help = CommandHelp(
    "login [--code-flow] [<person>] [<permission> ... | --scope a,b]",
    summary: "Logs a person of the emulator's world in (the default user if none) with permissions",
    details: """
      The person is an id, a username, a first name or a full name; the session gets
      public_profile plus the permissions named (and whatever the person granted the app
      before) and a fresh token, as FBSession openWithPermissions would. A mistyped person
      or permission gets a "did you mean".
      """,
    options: [
      "--code-flow": "the web server's way: the OAuth dialog, then its code exchanged",
      "<person>": "who logs in (the default user when left out)",
      "<permission>": "a permission asked for (Tab lists them)",
      "--scope a,b": "the permissions as the OAuth dialog's scope spells them",
    ],
    examples: "login bob publish_actions", "login --code-flow alice user_photos",
    "login alice --scope user_photos,publish_actions")

  /// `--code-flow`: the OAuth dialog and the code exchange instead of a session opened directly.
  var codeFlow = false
  /// Who logs in, `nil` for the world's default user.
  var person: String?
  var permissions: [String]

  /// The first word that is no permission's name is the person.
  static func parse(_ arguments: [Word]) throws(ExplorerError) -> LoginCommand {
    var words = try words(arguments)
    let codeFlow = words.first == "--code-flow"
    if codeFlow { words.removeFirst() }
    guard let first = words.first, !GraphEmulator.permissionNames.contains(first) else {
      return LoginCommand(codeFlow: codeFlow, person: nil, permissions: words)
    }
    return LoginCommand(codeFlow: codeFlow, person: first, permissions: Array(words.dropFirst()))
  }

  /// The words with `--scope a,b` (or `--scope=a,b`) spelled out as permission words, as the
  /// OAuth dialog's `scope` lists them: `login alice --scope user_photos,publish_actions` is
  /// `login alice user_photos publish_actions`.
  private static func words(_ args: [Word]) throws(ExplorerError) -> [String] {
    var words: [String] = []
    var index = args.startIndex
    while index < args.endIndex {
      let word = args[index]
      var scope: String?
      if word.text == "--scope" {
        index += 1
        guard index < args.endIndex else {
          throw .syntax(
            message: "--scope expects permissions such as user_photos,publish_actions",
            column: word.column)
        }
        scope = args[index].text
      } else if word.text.hasPrefix("--scope=") {
        scope = String(word.text.dropFirst("--scope=".count))
      }
      if let scope {
        words += scope.split(separator: ",").map {
          String($0).trimmingSpaces
        }.filter { !$0.isEmpty }
      } else {
        words.append(word.text)
      }
      index += 1
    }
    return words
  }

  /// People and permissions first (`REPL.completion` knows the people after `login `), then
  /// permissions.
  static func completion(_ context: CompletionContext) -> Completion? {
    let completer = context.completer
    return Completion(
      prefix: context.current,
      candidates: context.index == 0
        ? completer.people + completer.permissions : completer.permissions)
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    if codeFlow { return [.note(try repl.loginCodeFlow(person, permissions))] }
    if repl.session.target.isNetwork {
      return [.note(try await repl.servedLogin("login", person, permissions))]
    }
    return [.note(try await repl.login(person, permissions))]
  }
}
