import GraphEmulator

/// Tab completion with what the session has learned.
extension REPL {
  /// What Tab offers for `before` (the line up to the cursor).
  func completion(for before: String) -> Completion {
    if let path = Completer.pathNeedingMetadata(before) { session.learnMetadata(of: path) }
    let people = before.hasPrefix("login ") ? session.emulator?.people.compactMap(\.username) : nil
    let tokens = before.hasPrefix("token ") ? session.emulator?.testTokens.compactMap(\.name) : nil
    return Completer(
      catalog: session.catalog, permissions: GraphEmulator.permissionNames, people: people ?? [],
      testTokens: tokens ?? []
    ).complete(before)
  }
}
