import GraphEmulator
import GraphJSON

extension RecordedWorld {
  /// The id given to `me` when the recording read `me/...` but never showed who `me` was
  /// (**[choice]**: an id no Graph user has, beside the default world's people).
  static let unnamedMe = "100001999999999"

  /// The node type of an edge's owner that no answer showed, by the edge (**[choice]**: a
  /// person when the edge does not say).
  static let ownerTypes: [String: String] = [
    "attending": "event", "maybe": "event", "declined": "event", "comments": "post",
    "campaigns": "adaccount", "adsets": "adaccount", "adcampaigns": "adaccount",
    "adcreatives": "adaccount", "adgroups": "adaccount",
  ]

  /// The world: checked as a world file is. Linear in the items of each edge.
  func world() throws(EmulatorError) -> World {
    var builder = self
    builder.settle()
    return try builder.assembled()
  }

  /// Gives `me`'s pending edges to the person `me` was (a person of its own when no answer
  /// said), and a node to every owner of an edge no answer showed.
  private mutating func settle() {
    settleRefusedNames()
    settleTestUsers()
    settlePendingMe()
    settleWrites()
    for owner in edges.keys.sorted() where types[owner] == nil {
      let type =
        Self.typeOfID(owner)
        ?? edges[owner]?.keys.sorted().lazy.compactMap { Self.ownerTypes[$0] }.first ?? "user"
      types[owner] = type
      fields[owner] = JSONObject()
      added[type, default: 0] += 1
    }
    // The recording's app is the world's application node (renamed in `assembled()`), whatever
    // the recording had it as (the owner of its `accounts` edge).
    if let app = recordedApp, !baseIDs.contains(app), let type = types.removeValue(forKey: app) {
      fields[app] = nil
      added[type] = (added[type] ?? 1) > 1 ? (added[type] ?? 1) - 1 : nil
    }
  }

  /// The world file's JSON for what was learned, read back as a world.
  private func assembled() throws(EmulatorError) -> World {
    var root = self.root
    var edges = self.edges
    // Friendships go both ways.
    for owner in edges.keys.sorted() {
      for friend in edges[owner]?["friends"]?.ids ?? []
      where edges[friend]?["friends"]?.contains(owner) != true {
        edges[friend, default: [:]]["friends", default: RecordedEdgeList()].append(owner)
      }
    }
    root["nodes"] = .array(
      types.keys.sorted().map { id in
        [
          "id": .string(id), "type": .string(types[id] ?? "user"),
          "fields": .object(fields[id] ?? JSONObject()),
        ]
      })
    var edgeObject = JSONObject()
    for owner in edges.keys.sorted() where types[owner] != nil {
      var lists = JSONObject()
      for (edge, list) in (edges[owner] ?? [:]).sorted(by: { $0.key < $1.key }) {
        lists.append(edge, .array(list.ids.filter { types[$0] != nil }.map { .string($0) }))
      }
      edgeObject.append(owner, .object(lists))
    }
    root["edges"] = .object(edgeObject)
    var paging = self.paging
    paging.unlisted.merge(unlisted(edges)) { $1 }
    paging.continued.merge(continuedEdges(edges)) { $0.union($1) }
    paging.asOfClock = startedAt != nil
    root["paging"] = paging.isEmpty ? nil : paging.jsonValue
    let known = aliases.filter { types[$0.value] != nil }.sorted { $0.key < $1.key }
    root["aliases"] =
      known.isEmpty
      ? nil : .object(JSONObject(known.map { .init(key: $0.key, value: .string($0.value)) }))
    if let version = unversionedV1
      ? "v1.0" : recordedApp.flatMap({ appVersions[$0] }) ?? unversionedAnswered,
      case .object(var app) = root["app"]
    {
      app["default_version"] = .string(version)
      root["app"] = .object(app)
    }
    if let me, foreignToken || root["default_user"]?.stringValue != me {
      let defaultToken = root["default_token"]?.stringValue
      let baseScopes = (root["tokens"]?.arrayValue ?? []).first {
        $0["token"]?.stringValue == defaultToken
      }?["scopes"]
      var tokens = root["tokens"]?.arrayValue ?? []
      tokens.removeAll { $0["token"]?.stringValue == Self.recordedToken }
      tokens.append([
        "token": .string(Self.recordedToken), "name": "recorded", "kind": "user",
        "user": .string(me),
        "scopes": (grants(ofPerson: me) ?? scopes).map { .array($0.map { .string($0) }) }
          ?? inferred(baseScopes),
      ])
      tokens += peopleTokens(fallback: inferred(baseScopes))
      root["tokens"] = .array(tokens)
      root["default_user"] = .string(me)
      root["default_token"] = .string(Self.recordedToken)
    }
    // The people a recording shows were listed to this app: since v2.0 a friend list holds
    // only people who use it.
    if case .object(var app) = root["app"], case .array(let listed) = app["users"] ?? .null {
      var users = Set(listed.compactMap(\.stringValue))
      for (id, type) in types where type == "user" && !baseIDs.contains(id) { users.insert(id) }
      app["users"] = .array(users.sorted().map { .string($0) })
      root["app"] = .object(app)
    }
    addingTestUsers(to: &root)
    addingOtherApps(to: &root)
    var world = JSONValue.object(clocked(root))
    if let app = recordedApp, let base = root["app"]?["id"]?.stringValue {
      world = Self.renamingApp(world, from: base, to: app)
    }
    return try World(json: JSONPrinter().bytes(world))
  }
}
