import GraphAPI
import GraphEmulator

/// Tab completion with what the session has learned.
extension REPL {
  /// What Tab offers for `before` (the line up to the cursor).
  func completion(for before: String) -> Completion {
    if let path = Completer.pathNeedingMetadata(before) { session.learnMetadata(of: path) }
    // The emulator's names only where the emulator is the target (a replay or the live
    // Graph API knows neither its people nor its test tokens).
    let emulator = session.target.emulator
    let tokens = emulator?.testTokens ?? []
    let people =
      before.hasPrefix("login ")
      ? (emulator?.people.compactMap(\.username) ?? [])
        + tokens.filter { $0.kind == .user }.compactMap(\.name)
      : []
    let app = emulator?.world.app
    return Completer(
      catalog: session.catalog, permissions: GraphEmulator.permissionNames, people: people,
      testTokens: tokens.compactMap(\.name), namespace: app?.namespace,
      actionTypes: app?.actionTypes ?? [:], createdIDs: createdIDs(),
      granted: session.token.flatMap { emulator?.grantedPermissions(token: $0) }
    ).complete(before)
  }

  /// Ids of the objects this session created and has not deleted: the `id` of each answered
  /// POST that is not a batch, less the last path component of each answered DELETE.
  private func createdIDs() -> [String] {
    var created: [String] = []
    var deleted: Set<String> = []
    for exchange in session.history where exchange.succeeded && exchange.label == nil {
      switch GraphMethod(name: exchange.request.method) {
      case .post:
        if let id = exchange.json?["id"]?.stringValue { created.append(id) }
      case .delete:
        if let last = URLParts(exchange.request.url)?.pathComponents.last { deleted.insert(last) }
      default: break
      }
    }
    return created.filter { !deleted.contains($0) }
  }
}
