/// `grant <permission> ...`: the session's token with permissions added (a new token, as the
/// SDK's reauthorize); through a served emulator's login dialog when one is the target.
struct GrantCommand: REPLCommand {
  static let reference = CommandReference.Entry(
    name: "grant", usage: "grant <permission> ...",
    summary: "Adds permissions to the emulator session (a new token, as the SDK's reauthorize)")

  static let manual = CommandManual.Page(
    details: [
      "Mints a token with the permissions added, as the SDK's reauthorize does; the state",
      "becomes FBSessionStateOpenTokenExtended. A mistyped permission gets a \"did you mean\".",
    ],
    options: [CommandManual.Option("<permission>", "a permission to add (Tab lists them)")],
    examples: ["grant publish_actions", "grant user_photos user_friends"])

  var permissions: [String]

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> GrantCommand {
    guard !arguments.isEmpty else { throw CommandParser.usage(reference.name) }
    return GrantCommand(permissions: arguments.map(\.text))
  }

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
struct RevokeCommand: REPLCommand {
  static let reference = CommandReference.Entry(
    name: "revoke", usage: "revoke <permission> ...",
    summary: "Removes permissions from the emulator session's token")

  static let manual = CommandManual.Page(
    details: [
      "As DELETE me/permissions/<name> does: the token stays, its scopes shrink."
    ],
    options: [CommandManual.Option("<permission>", "a permission to take back")],
    examples: ["revoke publish_actions", "GET me/permissions"])

  var permissions: [String]

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> RevokeCommand {
    guard !arguments.isEmpty else { throw CommandParser.usage(reference.name) }
    return RevokeCommand(permissions: arguments.map(\.text))
  }

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
