import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON

/// An emulator world made from a recording (`graph-explorer world --from`, issue 27): the
/// people, pages, posts, photos, albums, events and comments the recorded Graph answers show,
/// with their recorded ids and fields, the edges they were listed on (friendships, feeds,
/// photos, accounts) in the recorded order, and the permissions `me/permissions` showed, over a
/// base world that brings the app, the clock and the test tokens. Only answers of 200 to GET
/// are read; what they do not show is the base world's.
///
/// The base's own objects keep their stored values where they have one (an emulator's
/// recording gives back the world it was made on); the recording adds what the base lacks and
/// replaces plain values that differ. **[choice]**: fields whose answers the emulator computes
/// (`picture`) and expanded edges are not stored as fields.
struct RecordedWorld {
  /// The node type of the items of each edge.
  static let itemTypes: [String: String] = [
    "friends": "user", "members": "user", "attending": "user", "maybe": "user",
    "feed": "post", "posts": "post", "statuses": "post", "tagged": "post", "home": "post",
    "links": "post", "photos": "photo", "albums": "album", "accounts": "page", "likes": "page",
    "events": "event", "comments": "comment", "checkins": "checkin",
  ]

  /// Fields an answer shows that are no stored field.
  static let notStored: Set<String> = ["id", "metadata", "paging", "picture", "permissions"]

  private var root: JSONObject
  private var types: [String: String] = [:]
  private var fields: [String: JSONObject] = [:]
  private var baseIDs: Set<String> = []
  private var edges: [String: [String: [String]]] = [:]
  private var baseTokens: Set<String> = []
  /// The person `me` answered as, and whether a request used a token the base does not have.
  private var me: String?
  private var foreignToken = false
  private var scopes: [String]?
  /// Whether the recording shows a publishing write succeeding (`publish_actions` was held).
  private var wrote = false
  /// How many objects the recording added, by type, and interactions read.
  private(set) var added: [String: Int] = [:]
  private(set) var read = 0

  init(base: World) {
    let value = base.jsonValue
    root = value.objectValue ?? JSONObject()
    for node in value["nodes"]?.arrayValue ?? [] {
      guard let id = node["id"]?.stringValue else { continue }
      types[id] = node["type"]?.stringValue
      fields[id] = node["fields"]?.objectValue ?? JSONObject()
      baseIDs.insert(id)
    }
    for owner in value["edges"]?.objectValue?.members ?? [] {
      for edge in owner.value.objectValue?.members ?? [] {
        edges[owner.key, default: [:]][edge.key] = (edge.value.arrayValue ?? []).compactMap(
          \.stringValue)
      }
    }
    baseTokens = Set((value["tokens"]?.arrayValue ?? []).compactMap { $0["token"]?.stringValue })
  }

  /// Reads what `interaction` shows, when it is a Graph answer of 200 to GET with JSON.
  mutating func learn(_ interaction: Interaction) {
    let request = interaction.request
    // A publishing write the recording shows succeeding was permitted.
    if GraphMethod(name: request.method) == .post,
      (200..<400).contains(interaction.response.status),
      VerifyScope.isGraph(request.url),
      let last = URLParts(request.url)?.pathComponents.last,
      ["feed", "photos", "videos", "comments", "likes"].contains(last) || last.contains(":")
    {
      wrote = true
    }
    guard GraphMethod(name: request.method) == .get, interaction.response.status == 200,
      VerifyScope.isGraph(request.url), let parts = URLParts(request.url),
      let answer = try? JSONParser.parse(interaction.response.body)
    else { return }
    var path = parts.pathComponents
    if let first = path.first, first.hasPrefix("v"), GraphRequest.normalisedVersion(first) != nil {
      path.removeFirst()
    }
    let query = parts.queryItems
    guard query["ids"] == nil else { return }
    if let token = query["access_token"] ?? Self.bearer(request), !baseTokens.contains(token) {
      foreignToken = true
    }
    read += 1
    switch path.count {
    case 1 where path[0] == "search":
      let type = query["type"] == "place" ? "page" : (query["type"] ?? "user")
      for item in answer["data"]?.arrayValue ?? [] { node(item, type: type) }
    case 1:
      guard let id = answer["id"]?.stringValue else { return }
      if path[0] == "me" { me = id }
      node(answer, type: nil)
      if path[0] == "me", let data = answer["permissions"]?["data"] {
        scopes = RecordedSession.granted(data) ?? scopes
      }
    case 2:
      let owner = path[0] == "me" ? (me ?? "me") : path[0]
      if path[0] == "me", path[1] == "permissions" {
        scopes = RecordedSession.granted(answer["data"]) ?? scopes
        return
      }
      list(answer["data"], owner: owner, edge: path[1])
    default: return
    }
  }

  /// Adds or updates the node `value` shows (typed `type`, else guessed), its nested people and
  /// its expanded edges.
  private mutating func node(_ value: JSONValue, type: String?) {
    guard let id = value["id"]?.stringValue, case .object(let object) = value else { return }
    let known = types[id]
    let type = known ?? value["metadata"]?["type"]?.stringValue ?? type ?? Self.guess(object, id)
    if known == nil {
      types[id] = type
      fields[id] = JSONObject()
      added[type, default: 0] += 1
    }
    for member in object.members where !Self.notStored.contains(member.key) {
      if let data = member.value["data"], data.arrayValue != nil {
        list(data, owner: id, edge: member.key)
        continue
      }
      if member.key == "from", member.value["id"] != nil {
        node(member.value, type: member.value["category"] == nil ? "user" : "page")
      }
      store(member.key, member.value, on: id)
    }
  }

  /// Stores `value` as field `name` of `id`: on a base object only where it has no value or a
  /// different plain one.
  private mutating func store(_ name: String, _ value: JSONValue, on id: String) {
    if baseIDs.contains(id), let stored = fields[id]?[name] {
      guard stored != value, value.objectValue == nil, value.arrayValue == nil else { return }
    }
    fields[id]?[name] = value
  }

  /// The items of `owner`'s `edge` in the recorded order, after those already listed.
  private mutating func list(_ data: JSONValue?, owner: String, edge: String) {
    guard let items = data?.arrayValue else { return }
    var ids = edges[owner]?[edge] ?? []
    for item in items {
      node(item, type: Self.itemTypes[edge])
      if let id = item["id"]?.stringValue, !ids.contains(id) { ids.append(id) }
    }
    edges[owner, default: [:]][edge] = ids
  }

  /// A node type from the fields an answer shows. **[choice]**: a person when nothing says
  /// otherwise.
  static func guess(_ object: JSONObject, _ id: String) -> String {
    func has(_ names: String...) -> Bool { names.contains { object[$0] != nil } }
    if id.contains("_") { return "post" }
    if has("first_name", "last_name", "gender", "birthday") { return "user" }
    if has("category", "fan_count", "checkins", "were_here_count") { return "page" }
    if has("images", "height", "width", "source") { return "photo" }
    if has("cover_photo", "can_upload") { return "album" }
    if has("start_time", "end_time") { return "event" }
    if has("message", "story") { return "post" }
    return "user"
  }

  /// The token of an `Authorization: Bearer` or `OAuth` header.
  static func bearer(_ request: HTTPRequest) -> String? {
    guard let value = request.headers["Authorization"] else { return nil }
    for scheme in ["Bearer ", "OAuth "] where value.hasPrefix(scheme) {
      return String(value.dropFirst(scheme.count))
    }
    return nil
  }

  /// The token a recording made with its own token is answered with: `me`'s, holding the
  /// permissions `me/permissions` showed (else the base default token's).
  static let recordedToken = "CAAEmuRecordedMe"

  /// The base token's permissions, with `publish_actions` when the recording shows a
  /// publishing write succeeding (what it held is not recorded otherwise).
  private func inferred(_ base: JSONValue?) -> JSONValue {
    var names = (base?.arrayValue ?? []).compactMap(\.stringValue)
    if wrote, !names.contains("publish_actions") { names.append("publish_actions") }
    return .array(names.map { .string($0) })
  }

  /// The world: checked as a world file is.
  func world() throws(EmulatorError) -> World {
    var root = self.root
    var edges = self.edges
    if let me, let pending = edges.removeValue(forKey: "me") {
      for (edge, ids) in pending {
        edges[me, default: [:]][edge] =
          (edges[me]?[edge] ?? [])
          + ids.filter {
            !(edges[me]?[edge] ?? []).contains($0)
          }
      }
    }
    edges.removeValue(forKey: "me")
    // Friendships go both ways.
    for (owner, lists) in edges {
      for friend in lists["friends"] ?? [] where edges[friend]?["friends"]?.contains(owner) != true
      {
        edges[friend, default: [:]]["friends", default: []].append(owner)
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
      for (edge, ids) in edges[owner]!.sorted(by: { $0.key < $1.key }) {
        lists.append(edge, .array(ids.filter { types[$0] != nil }.map { .string($0) }))
      }
      edgeObject.append(owner, .object(lists))
    }
    root["edges"] = .object(edgeObject)
    if let me, foreignToken || root["default_user"]?.stringValue != me {
      let baseScopes = (root["tokens"]?.arrayValue ?? []).first {
        $0["token"] == root["default_token"]
      }?["scopes"]
      var tokens = root["tokens"]?.arrayValue ?? []
      tokens.removeAll { $0["token"]?.stringValue == Self.recordedToken }
      tokens.append([
        "token": .string(Self.recordedToken), "name": "recorded", "kind": "user",
        "user": .string(me),
        "scopes": scopes.map { .array($0.map { .string($0) }) } ?? inferred(baseScopes),
      ])
      root["tokens"] = .array(tokens)
      root["default_user"] = .string(me)
      root["default_token"] = .string(Self.recordedToken)
    }
    // The people a recording shows were listed to this app: since v2.0 a friend list holds
    // only people who use it.
    if case .object(var app) = root["app"], case .array(var users) = app["users"] ?? .null {
      let people = types.filter { $0.value == "user" && !baseIDs.contains($0.key) }.keys.sorted()
      for id in people where !users.contains(.string(id)) { users.append(.string(id)) }
      app["users"] = .array(users)
      root["app"] = .object(app)
    }
    return try World(json: JSONPrinter().bytes(.object(root)))
  }
}
