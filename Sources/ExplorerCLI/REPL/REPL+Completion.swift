import GraphAPI
import GraphEmulator
import GraphJSON

/// Tab completion with what the session has learned.
extension REPL {
  /// What Tab offers for `before` (the line up to the cursor).
  func completion(for before: String) -> Completion {
    if let path = Completer.pathNeedingMetadata(before) { session.learnMetadata(of: path) }
    // The emulator's names only where it keeps the session: as the target, or beside a replay
    // (the live Graph API knows neither its people nor its test tokens).
    let emulator = session.target.isReplay ? session.emulator : session.target.emulator
    let tokens = session.testTokens
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
        // A batch's answer is an array of `{code, body}`: each created object's id is in its
        // body's JSON (a photo uploaded in a batch, issue 29).
        let posts = exchange.batchOperationMethods
        for (index, item) in (exchange.json?.arrayValue ?? []).enumerated()
        where item["code"]?.numberValue?.intValue == 200 && posts.indices.contains(index)
          && posts[index] == .post
        {
          guard let body = item["body"]?.stringValue,
            let id = (try? JSONParser.parse(Array(body.utf8)))?["id"]?.stringValue
          else { continue }
          created.append(id)
        }
      case .delete:
        if let last = URLParts(exchange.request.url)?.pathComponents.last { deleted.insert(last) }
      default: break
      }
    }
    return created.filter { !deleted.contains($0) }
  }
}
