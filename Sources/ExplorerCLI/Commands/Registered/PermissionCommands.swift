/// `grant <permission> ...`: the session's token with permissions added (a new token, as the
/// SDK's reauthorize); through a served emulator's login dialog when one is the target.
struct GrantCommand: PermissionListCommand {
  static let help = CommandHelp(
    "grant <permission> ...",
    summary: "Adds permissions to the emulator session (a new token, as the SDK's reauthorize)",
    details: """
      Mints a token with the permissions added, as the SDK's reauthorize does; the state
      becomes FBSessionStateOpenTokenExtended. A mistyped permission gets a "did you mean".
      """,
    options: ["<permission>": "a permission to add (Tab lists them)"],
    examples: "grant publish_actions", "grant user_photos user_friends")

  var permissions: [String]

  static func completion(_ context: CompletionContext) -> Completion? {
    Completion(prefix: context.current, candidates: context.completer.permissions)
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    if repl.session.target.isNetwork {
      return [.note(try await repl.servedLogin("grant", nil, permissions))]
    }
    return [.note(try await repl.grant(permissions))]
  }
}

/// `revoke <permission> ...`: permissions taken from the session's token, as
/// `DELETE me/permissions/<name>` does.
struct RevokeCommand: PermissionListCommand {
  static let help = CommandHelp(
    "revoke <permission> ...", summary: "Removes permissions from the emulator session's token",
    details: """
      As DELETE me/permissions/<name> does: the token stays, its scopes shrink.
      """,
    options: ["<permission>": "a permission to take back"],
    examples: "revoke publish_actions", "GET me/permissions")

  var permissions: [String]

  /// The permissions the token holds (every permission when that is not known).
  static func completion(_ context: CompletionContext) -> Completion? {
    let completer = context.completer
    return Completion(
      prefix: context.current, candidates: completer.granted ?? completer.permissions)
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.note(try await repl.revoke(permissions))]
  }
}

/// A command taking one or more permissions.
protocol PermissionListCommand: REPLCommand {
  init(permissions: [String])
}

extension PermissionListCommand {
  static func parse(_ arguments: [Word]) throws(ExplorerError) -> Self {
    guard !arguments.isEmpty else { throw CommandParser.usage(reference.name) }
    return Self(permissions: arguments.map(\.text))
  }
}
