import GraphJSON

/// Checks and decodes a world file, naming the JSON path of the first problem.
struct WorldDecoder {
  var root: JSONValue

  func fail(_ location: String, _ message: String) -> EmulatorError {
    .worldContent(path: nil, location: location, message: message)
  }

  func string(_ value: JSONValue?, _ location: String) throws(EmulatorError) -> String {
    guard let s = value?.stringValue else {
      throw fail(location, "expected a string, found \(value?.kindName ?? "nothing")")
    }
    return s
  }

  func strings(_ value: JSONValue?, _ location: String) throws(EmulatorError) -> [String] {
    guard let value else { return [] }
    guard let items = value.arrayValue else {
      throw fail(location, "expected an array of strings, found \(value.kindName)")
    }
    var out: [String] = []
    for (i, item) in items.enumerated() { out.append(try string(item, "\(location)[\(i)]")) }
    return out
  }

  /// The last second of year 9999: the latest Unix time a world may name (its clock, a
  /// token's expiry). Dates past it would overflow the emulator's date arithmetic.
  static let latestTime = 253_402_300_799

  /// A Unix time in seconds, from 1970 to the end of year 9999.
  func time(_ value: JSONValue?, _ location: String) throws(EmulatorError) -> Int? {
    guard let value, !value.isNull else { return nil }
    guard let number = value.numberValue else {
      throw fail(location, "expected a Unix time in seconds, found \(value.kindName)")
    }
    guard let seconds = number.intValue, (0...Self.latestTime).contains(seconds) else {
      throw fail(
        location, "\(number.text) is not a Unix time from 0 to \(Self.latestTime) (year 9999)")
    }
    return seconds
  }

  func decode() throws(EmulatorError) -> World {
    guard case .object = root else { throw fail("$", "expected an object, found \(root.kindName)") }
    guard let app = root["app"] else { throw fail("$.app", "missing") }
    let version = try defaultVersion(app["default_version"], "$.app.default_version")
    var actions: [String: String] = [:]
    for member in app["action_types"]?.objectValue?.members ?? [] {
      actions[member.key] = try string(member.value, "$.app.action_types.\(member.key)")
    }
    var users: Set<String>?
    if let list = app["users"], !list.isNull { users = Set(try strings(list, "$.app.users")) }
    var info = AppInfo(
      id: try string(app["id"], "$.app.id"), name: try string(app["name"], "$.app.name"),
      namespace: try string(app["namespace"] ?? "", "$.app.namespace"),
      secret: try string(app["secret"] ?? "", "$.app.secret"), defaultVersion: version,
      requiresAppSecretProof: app["require_appsecret_proof"]?.boolValue ?? false,
      testers: Set(try strings(app["testers"], "$.app.testers")), actionTypes: actions,
      users: users)
    var nodes: [String: Node] = [:]
    guard let nodeList = root["nodes"]?.arrayValue else { throw fail("$.nodes", "missing array") }
    for (i, item) in nodeList.enumerated() {
      let id = try string(item["id"], "$.nodes[\(i)].id")
      let typeName = try string(item["type"], "$.nodes[\(i)].type")
      guard let type = NodeType(rawValue: typeName) else {
        throw fail("$.nodes[\(i)].type", "unknown node type \(typeName)")
      }
      guard nodes[id] == nil else { throw fail("$.nodes[\(i)].id", "duplicate id \(id)") }
      let fields = item["fields"]?.objectValue ?? JSONObject()
      nodes[id] = Node(id: id, type: type, fields: fields)
    }
    var edges: [String: [String: [String]]] = [:]
    for owner in root["edges"]?.objectValue?.members ?? [] {
      guard nodes[owner.key] != nil else {
        throw fail("$.edges.\(owner.key)", "no node with this id")
      }
      for edge in owner.value.objectValue?.members ?? [] {
        let location = "$.edges.\(owner.key).\(edge.key)"
        let ids = try strings(edge.value, location)
        if let missing = ids.first(where: { nodes[$0] == nil }) {
          throw fail(location, "no node with id \(missing)")
        }
        edges[owner.key, default: [:]][edge.key] = ids
      }
    }
    var tokens: [String: TokenRecord] = [:]
    for (i, item) in (root["tokens"]?.arrayValue ?? []).enumerated() {
      let location = "$.tokens[\(i)]"
      let kindName = try string(item["kind"] ?? "user", "\(location).kind")
      guard let kind = TokenRecord.Kind(rawValue: kindName) else {
        throw fail("\(location).kind", "unknown token kind \(kindName)")
      }
      let user = try item["user"].map { (v: JSONValue) throws(EmulatorError) in
        try string(v, "\(location).user")
      }
      if kind == .user || kind == .page, user.flatMap({ nodes[$0] })?.type != .user {
        throw fail("\(location).user", "a user or Page token needs the id of a user node")
      }
      let page = try item["page"].map { (v: JSONValue) throws(EmulatorError) in
        try string(v, "\(location).page")
      }
      if kind == .page, page.flatMap({ nodes[$0] })?.type != .page {
        throw fail("\(location).page", "a Page token needs the id of a page node")
      }
      let record = TokenRecord(
        token: try string(item["token"], "\(location).token"), name: item["name"]?.stringValue,
        kind: kind, userID: user, scopes: try strings(item["scopes"], "\(location).scopes"),
        expiresAt: try time(item["expires_at"], "\(location).expires_at"),
        invalidation: item["invalidated"]?.numberValue?.intValue,
        summary: item["summary"]?.stringValue ?? "", pageID: page)
      tokens[record.token] = record
    }
    info.permissions = try appPermissions(app["permissions"], "$.app.permissions")
    var tested = Set<String>()
    info.testUsers = try testUsers(
      app["test_users"], "$.app.test_users", existing: true, nodes: nodes, tokens: tokens,
      seen: &tested)
    info.nextTestUsers = try testUsers(
      app["next_test_users"], "$.app.next_test_users", existing: false, nodes: nodes,
      tokens: tokens, seen: &tested)
    let defaultUser = try string(root["default_user"], "$.default_user")
    guard nodes[defaultUser]?.type == .user else {
      throw fail("$.default_user", "no user with id \(defaultUser)")
    }
    let defaultToken = try string(root["default_token"], "$.default_token")
    guard tokens[defaultToken] != nil else {
      throw fail("$.default_token", "not one of the tokens")
    }
    var aliases: [String: String] = [:]
    for alias in root["aliases"]?.objectValue?.members ?? [] {
      let location = "$.aliases.\(alias.key)"
      let id = try string(alias.value, location)
      guard nodes[id] != nil else { throw fail(location, "no node with id \(id)") }
      aliases[alias.key.lowercased()] = id
    }
    var world = World(
      app: info, nodes: nodes, edges: edges, tokens: tokens,
      deauthorized: Set(try strings(root["deauthorized"], "$.deauthorized")),
      defaultUserID: defaultUser, defaultToken: defaultToken,
      clock: try time(root["clock"], "$.clock") ?? DefaultWorld.clock, aliases: aliases)
    world.paging = try recordedPaging(nodes: nodes, app: info.id)
    world.otherApps = try otherApps(besides: info.id)
    return world
  }
}
