import GraphJSON

/// Assembles a world node by node; shared by the default and the generated worlds.
struct WorldBuilder {
  var nodes: [String: Node] = [:]
  var edges: [String: [String: [String]]] = [:]
  var tokens: [String: TokenRecord] = [:]

  mutating func add(_ id: String, _ type: NodeType, _ fields: [(String, JSONValue)]) {
    nodes[id] = Node(
      id: id, type: type,
      fields: JSONObject(fields.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }

  mutating func link(_ owner: String, _ edge: String, _ id: String) {
    edges[owner, default: [:]][edge, default: []].append(id)
  }

  /// Makes `a` and `b` friends (both directions, once).
  mutating func befriend(_ a: String, _ b: String) {
    guard a != b, !(edges[a]?["friends"]?.contains(b) ?? false) else { return }
    link(a, "friends", b)
    link(b, "friends", a)
  }

  mutating func token(_ record: TokenRecord) { tokens[record.token] = record }

  /// A person with the basic-info fields (and gated ones when given).
  mutating func person(
    id: String, first: String, last: String, gender: String, locale: String = "en_US",
    username: String, minAge: Int = 21, birthday: String? = nil, email: Bool = true,
    hometown: (String, String)? = nil, location: (String, String)? = nil, updated: Int
  ) {
    var fields: [(String, JSONValue)] = [
      ("name", .string("\(first) \(last)")),
      ("first_name", .string(first)),
      ("last_name", .string(last)),
      ("link", .string("https://www.facebook.com/\(username)")),
      ("username", .string(username)),
      ("gender", .string(gender)),
      ("locale", .string(locale)),
      ("age_range", ["min": .number(JSONNumber(minAge))]),
      ("timezone", -7),
      ("updated_time", .string(GraphClock.iso(updated))),
      ("verified", true),
    ]
    if email { fields.append(("email", .string("\(username)@example.com"))) }
    if let birthday { fields.append(("birthday", .string(birthday))) }
    if let hometown {
      fields.append(("hometown", ["id": .string(hometown.0), "name": .string(hometown.1)]))
    }
    if let location {
      fields.append(("location", ["id": .string(location.0), "name": .string(location.1)]))
    }
    add(id, .user, fields)
  }

  /// `{"name":..,"id":..}` reference to a node, as Graph embeds `from`, `place`, ...
  func reference(_ id: String) -> JSONValue {
    let name = nodes[id]?.fields["name"] ?? .null
    return ["name": name, "id": .string(id)]
  }

  func build(
    app: AppInfo, defaultUserID: String, defaultToken: String, clock: Int,
    deauthorized: Set<String> = [], population: GeneratedPopulation? = nil
  ) -> World {
    World(
      app: app, nodes: nodes, edges: edges, tokens: tokens, deauthorized: deauthorized,
      defaultUserID: defaultUserID, defaultToken: defaultToken, clock: clock,
      population: population)
  }
}
