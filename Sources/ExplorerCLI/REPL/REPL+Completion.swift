import GraphAPI
import GraphEmulator
import GraphJSON

/// Tab completion with what the session has learned.
extension REPL {
  /// How many of the newest exchanges Tab offers after `show #` and the like.
  static let offeredExchanges = 50

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
      actionTypes: app?.actionTypes ?? [:], created: createdIDs(),
      granted: session.token.flatMap { emulator?.grantedPermissions(token: $0) },
      exchanges: session.history.reversed().prefix(Self.offeredExchanges).map {
        ("#\($0.number)", $0.line)
      }, variables: session.variables.names
    ).complete(before)
  }

  /// The objects this session created and has not deleted, each with what it is and where it
  /// came from (`photo · #3 POST me/photos`): the `id` of each answered POST, and of each
  /// POST operation of an answered batch, less the last path component of each answered DELETE.
  private func createdIDs() -> [(id: String, note: String)] {
    var created: [(id: String, note: String)] = []
    var deleted: Set<String> = []
    for exchange in session.history where exchange.succeeded && exchange.label == nil {
      switch GraphMethod(name: exchange.request.method) {
      case .post:
        let path = URLParts(exchange.request.url)?.pathComponents ?? []
        if let id = exchange.json?["id"]?.stringValue {
          created.append((id, Self.createdNote(path: path, exchange: exchange)))
        }
        // A batch's answer is an array of `{code, body}`: each created object's id is in its
        // body's JSON (a photo uploaded in a batch, issue 29).
        let operations = exchange.batchOperations
        for (index, item) in (exchange.json?.arrayValue ?? []).enumerated()
        where item["code"]?.numberValue?.intValue == 200 && operations.indices.contains(index)
          && exchange.batchOperationMethods[index] == .post
        {
          guard let body = item["body"]?.stringValue,
            let id = (try? JSONParser.parse(Array(body.utf8)))?["id"]?.stringValue
          else { continue }
          let url = operations[index]["relative_url"]?.stringValue ?? ""
          let inner = URLParts("https://graph.facebook.com/" + url)?.pathComponents ?? []
          created.append((id, Self.createdNote(path: inner, exchange: exchange, batch: index)))
        }
      case .delete:
        if let last = URLParts(exchange.request.url)?.pathComponents.last { deleted.insert(last) }
      default: break
      }
    }
    return created.filter { !deleted.contains($0.id) }
  }

  /// What a POST to an edge makes where that is not the type of the items the edge lists
  /// (which the emulator's schema declares: `NodeType.itemType(ofEdge:)`), or where the
  /// emulator has no such type. Graph's reference: a POST to an app's `accounts` makes a test
  /// user (a person's `accounts` lists Pages); to v1.0's `links` a link and to `statuses` a
  /// status (both stored and listed as posts).
  static let createdKinds = [
    "accounts": "test user", "links": "link", "statuses": "status", "videos": "video",
    "notes": "note", "milestones": "milestone", "apprequests": "request",
  ]

  /// `photo · #3 POST me/photos`, or `photo · #4 batch[1] POST me/photos`: the kind named
  /// after the edge written to (what it makes, else its items' type), then the exchange.
  static func createdNote(path: [String], exchange: Exchange, batch: Int? = nil) -> String {
    let versioned = path.first.map {
      $0.hasPrefix("v") && GraphRequest.normalisedVersion($0) != nil
    }
    let components = versioned == true ? Array(path.dropFirst()) : path
    let edge = components.last ?? ""
    let kind =
      createdKinds[edge] ?? NodeType.itemType(ofEdge: edge)?.rawValue
      ?? (edge.contains(":") ? "action" : edge.isEmpty ? "object" : edge)
    let operation = batch.map { " batch[\($0)]" } ?? ""
    return "\(kind) · #\(exchange.number)\(operation) POST \(components.joined(separator: "/"))"
  }
}
