import GraphAPI
import GraphJSON

/// `ids=`, `metadata=1`, `debug_token` and the `appsecret_proof` check.
extension Router {
  /// `?ids=a,b`: an object keyed by each requested id or alias (a Page's username, as `GET
  /// /facebook`; 803 for unknown ones).
  func readIDs(_ list: String, call: GraphCall, viewer: Viewer) throws(GraphError) -> Outcome {
    let ids = list.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    let missing = ids.filter {
      $0 != "me" && state.world.nodes[$0] == nil && state.world.usernames[$0.lowercased()] == nil
    }
    if !missing.isEmpty { throw .missingAliases(missing) }
    let selection = try selection(call)
    var out = JSONObject()
    for id in ids {
      let node = try resolveNode(id, call: call, viewer: viewer)
      out.append(id, .object(try renderer(call, viewer).render(node, selection: selection)))
    }
    return .json(.object(out))
  }

  /// `GET <user>/friends/<id>`: `{"data":[friend]}` when they are friends, else empty data.
  func friendship(_ user: Node, with id: String, call: GraphCall, viewer: Viewer)
    throws(GraphError) -> Outcome
  {
    let renderer = renderer(call, viewer)
    guard let edge = Schema.of(.user).edge("friends"), renderer.canList(edge, of: user),
      state.world.edge(user.id, "friends").contains(id), let friend = state.world.nodes[id]
    else { return .json(["data": []]) }
    let item: JSONObject
    if let selection = try selection(call) {
      item = try renderer.render(friend, selection: selection)
    } else {
      item = renderer.itemObject(friend, form: edge.item)
    }
    return .json(["data": [.object(item)]])
  }

  /// `metadata=1`: the node's `type`, `connections` (edge name to URL) and `fields`.
  func metadata(_ node: Node, call: GraphCall) -> JSONValue {
    let schema = Schema.of(node.type)
    var connections = JSONObject()
    for edge in schema.edges(at: call.version) {
      var query = ""
      if let token = call.token {
        query = "?" + QueryItems([.init(name: "access_token", value: token)]).queryString
      }
      connections.append(
        edge.name, .string("\(call.origin)\(call.versionPrefix)/\(node.id)/\(edge.name)\(query)"))
    }
    let fields: [JSONValue] = schema.fields.map {
      ["name": .string($0.name), "description": .string($0.description), "type": .string($0.type)]
    }
    return [
      "connections": .object(connections), "fields": .array(fields),
      "type": .string(node.type.rawValue),
    ]
  }

  /// `debug_token?input_token=T` (reference, "Requests").
  func debugToken(_ call: GraphCall, viewer: Viewer) throws(GraphError) -> Outcome {
    guard viewer.hasToken else { throw .tokenRequired }
    guard let input = call["input_token"], !input.isEmpty else {
      throw .parameter("The parameter input_token is required")
    }
    let world = state.world
    var data = JSONObject()
    guard let record = world.tokens[input], record.kind != .malformed else {
      data.append(
        "error", ["code": 190, "message": .string(GraphError.invalidToken.message)])
      data.append("is_valid", false)
      data.append("scopes", [])
      return .json(["data": .object(data)])
    }
    let failure = Viewer.resolve(input, in: world, now: state.now).failure
    data.append("app_id", .string(world.app.id))
    data.append("type", record.kind == .app ? "APP" : record.kind == .page ? "PAGE" : "USER")
    data.append("application", .string(world.app.name))
    if record.kind == .user || record.kind == .page {
      data.append("data_access_expires_at", .number(JSONNumber(state.now + 90 * 86_400)))
      data.append("expires_at", .number(JSONNumber(record.expiresAt ?? 0)))
    }
    if let failure {
      var error = JSONObject()
      error.append("code", .number(JSONNumber(failure.code)))
      error.append("message", .string(failure.message))
      if let subcode = failure.subcode { error.append("subcode", .number(JSONNumber(subcode))) }
      data.append("error", .object(error))
    }
    data.append("is_valid", .bool(failure == nil))
    data.append("scopes", .array(record.scopes.map { .string($0) }))
    // A Page token names its Page (https://developers.facebook.com/docs/graph-api/reference/debug_token).
    if let page = record.pageID { data.append("profile_id", .string(page)) }
    if let user = record.userID { data.append("user_id", .string(user)) }
    return .json(["data": .object(data)])
  }

  /// `appsecret_proof`: a wrong one always fails (100); a missing one fails when the app
  /// requires it (user tokens only).
  func checkProof(_ call: GraphCall, viewer: Viewer) throws(GraphError) {
    guard let token = call.token, viewer.hasToken else { return }
    guard let proof = call[.appsecretProof] else {
      if state.world.app.requiresAppSecretProof && viewer.userID != nil {
        throw .proofRequired
      }
      return
    }
    let expected = AppSecretProof.make(accessToken: token, appSecret: state.world.app.secret)
    if proof.lowercased() != expected { throw .invalidProof }
  }
}

extension Result {
  /// The error, if this is a failure.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
