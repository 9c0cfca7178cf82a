import GraphAPI
import GraphJSON

/// Renders nodes and edges for one viewer and call: default fields by type and version,
/// `fields` with full expansion, permission filtering (reference, "Requests" and
/// "Permissions in the seeds' era").
struct NodeRenderer {
  var world: World
  var viewer: Viewer
  var call: GraphCall
  /// Where friends lists narrowed to the app's users are kept, and the state generation they
  /// hold for (none: narrowed each time).
  var appUsers: (lists: AppUserLists, generation: Int)?
  /// What each person granted and declined the app across logins, by user id.
  var grants: [String: PersonGrants] = [:]
  /// The time edges are read as of, when an item of the world came to be after the clock
  /// (`World.asOf`): only what existed then is listed.
  var asOf: Int?
  /// How many edge items one answer may still hold (nested expansion multiplies quickly).
  let budget = Budget(limit: 50_000)

  /// A shared countdown of rendered edge items.
  final class Budget {
    var remaining: Int
    init(limit: Int) { remaining = limit }

    /// Takes `count` items, or fails the way Graph does when an answer grows too large.
    func spend(_ count: Int) throws(GraphError) {
      remaining -= count
      if remaining < 0 {
        throw GraphError(
          message: "Please reduce the amount of data you're asking for, then retry your request",
          type: "OAuthException", code: 1)
      }
    }
  }

  /// A node as an object: the selected fields, or the defaults of its type and version.
  func render(_ node: Node, selection: FieldSelection?) throws(GraphError) -> JSONObject {
    guard let selection, !selection.fields.isEmpty else { return defaultObject(node) }
    var out = JSONObject()
    for field in selection.fields {
      if let value = try value(of: field, on: node) { out.append(field.outputName, value) }
    }
    if out["id"] == nil && !selection.fields.contains(where: { $0.outputName == "id" }) {
      out.append("id", .string(node.id))
    }
    return out
  }

  /// The answer without `fields`: a user or Page gives only name and id from v2.4 on, a post
  /// only `declaredPostFields` and id; a user the basic (and permitted) fields before; a
  /// Marketing API object only its id; other types give every stored field.
  func defaultObject(_ node: Node) -> JSONObject {
    var out = JSONObject()
    if Self.idOnlyTypes.contains(node.type) {
      out.append("id", .string(node.id))
      return out
    }
    if node.type == .user || node.type == .page, call.version.follows(.declarativeFields) {
      if let name = node.fields["name"] { out.append("name", name) }
      out.append("id", .string(node.id))
      return out
    }
    if node.type == .post, call.version.follows(.declarativeFields) {
      for key in Self.declaredPostFields { if let v = node.fields[key] { out.append(key, v) } }
      out.append("id", .string(node.id))
      return out
    }
    if node.type == .user {
      out.append("id", .string(node.id))
      for member in node.fields.members where canRead(member.key, of: node) {
        if member.key == "username" && call.version.follows(.usernameFieldRefused) { continue }
        out.append(member.key, member.value)
      }
      return out
    }
    out.append("id", .string(node.id))
    for member in node.fields.members { out.append(member.key, member.value) }
    return out
  }

  /// Types Graph answers with their id alone when no `fields` are given: the Marketing API's (an
  /// `ads` edge read without `fields` lists `{"id"}` items, a public recording of v11.0 shows).
  static let idOnlyTypes: Set<NodeType> = [.adaccount, .campaign, .adset, .ad, .adcreative]

  /// What a post read or listed without `fields` shows from v2.4 (a public recording of a
  /// group's feed at v2.6 shows `message`, a time and `id`; the rest must be asked for).
  /// **[choice]**: `created_time` as on a Page's or person's feed (a group's shows
  /// `updated_time`; the emulator has no groups).
  static let declaredPostFields = ["message", "story", "created_time"]

  /// An edge's item when no `fields` are given, in the form the edge declares
  /// (`Schema.Edge.item`).
  func itemObject(_ node: Node, form: Schema.Edge.ItemForm) -> JSONObject {
    var out = JSONObject()
    switch (node.type, form) {
    case (_, .reaction):
      return reactionItem(node)
    case (.user, _):
      if let name = node.fields["name"] { out.append("name", name) }
    case (.page, .likedPage):
      for key in ["category", "name"] { if let v = node.fields[key] { out.append(key, v) } }
    case (.page, .managedPage):
      return pageRoles.accountItem(node)
    case (.checkin, .placeTag):
      // A PlaceTag: https://developers.facebook.com/docs/graph-api/reference/place-tag
      out.append("id", .string(node.id))
      for key in ["created_time", "place"] { if let v = node.fields[key] { out.append(key, v) } }
      return out
    default:
      return defaultObject(node)
    }
    out.append("id", .string(node.id))
    return out
  }

  var pageRoles: PageRoles { PageRoles(world: world, viewer: viewer, version: call.version) }

  /// Whether the viewer may read stored field `name` of `node`: public fields always,
  /// gated ones on the viewer's own node with the permission (or `friends_*` in v1.0).
  func canRead(_ name: String, of node: Node) -> Bool {
    canRead(Schema.of(node.type).field(name), of: node)
  }

  /// `canRead(_:of:)` for the schema's `field` (`nil`: a field the schema does not list).
  func canRead(_ field: Schema.Field?, of node: Node) -> Bool {
    guard let permission = field?.permission else { return true }
    if viewer.userID == node.id { return viewer.has(permission) }
    if !call.version.follows(.friendsPermissionsGone), permission.hasPrefix("user_"),
      let me = viewer.userID, world.edge(me, "friends").contains(node.id)
    {
      return viewer.has("friends_" + permission.dropFirst(5))
    }
    return false
  }

  /// One selected field of `node`: `nil` when it is left out (unset or not permitted).
  func value(of field: FieldSelection.Field, on node: Node) throws(GraphError) -> JSONValue? {
    if field.subfields == nil, let plain = Self.storedFields[node.type]?[field.name] {
      // What the walk below gives a stored field no rule of its takes (issue 48: one lookup
      // where the walk searched the schema four times).
      guard canRead(plain, of: node) else { return nil }
      return node.fields[field.name]
    }
    return try walkedValue(of: field, on: node)
  }

  /// `value(of:on:)` by every rule in turn.
  func walkedValue(of field: FieldSelection.Field, on node: Node) throws(GraphError)
    -> JSONValue?
  {
    let schema = Schema.of(node.type)
    if field.name == "id" { return .string(node.id) }
    if field.name == "username", node.type == .user, call.version.follows(.usernameFieldRefused) {
      throw .usernameDeprecated
    }
    if field.name == "installed", node.type == .user {
      return world.usesApp(node.id) ? .bool(true) : nil
    }
    if node.type == .page, PageRoles.managerFields.contains(field.name) {
      return try pageRoles.value(field.name, of: node)
    }
    if let value = try todaysValue(field.name, on: node) { return value }
    if field.name == "picture", node.type == .user || node.type == .page || node.type == .event {
      let picture = Picture(node: node, modifiers: field.modifiers, parameters: { _ in nil })
        .served(from: call.origin)
      return ["data": picture.data]
    }
    if let error = schema.removalError(ofEdge: field.name, at: call.version) { throw error }
    if let edge = schema.edge(field.name, at: call.version),
      edge.name != "picture" || node.type != .photo
    {
      guard edge.name != "permissions" else { return .object(permissions(of: node)) }
      let pager = EdgePager(
        parameters: { key in field.modifier(key.name)?.first }, cap: edge.timeBased ? 100 : 5000)
      let listed = try list(
        owner: node, edge: edge, selection: field.subfields, pager: pager, nested: true,
        summary: field.modifier("summary"), type: field.modifier("type")?.first)
      // An empty expansion the recording left out (`RecordedPaging.omittedEmpty`).
      if world.paging.omittedEmpty.contains(edge.name), listed["data"]?.arrayValue?.isEmpty == true
      {
        return nil
      }
      return .object(listed)
    }
    // A field the world stores on a node is one of its fields (a world made from a recording
    // answers what the recording saw, issue 42).
    guard
      schema.field(field.name) != nil
        || TodaysFieldLists.names[node.type]?.contains(field.name) == true
        || node.fields[field.name] != nil
    else {
      throw .nonexistingField(field.name, on: node.type)
    }
    guard canRead(field.name, of: node), let stored = node.fields[field.name] else { return nil }
    guard let sub = field.subfields else { return stored }
    if let id = stored["id"]?.stringValue, let target = world.nodes[id] {
      return .object(try render(target, selection: sub))
    }
    guard case .object(let object) = stored else { return stored }
    var projected = JSONObject()
    for f in sub.fields {
      if let v = object[f.name] { projected.append(f.outputName, v) }
    }
    return .object(projected)
  }

  /// By node type, the schema's fields that `value(of:on:)` reads from the node as they are
  /// stored (when no subfields are asked): every one but `id`, a user's `username` and
  /// `installed`, a Page's manager fields, today's fields, `picture`, and a name an edge has
  /// at some version.
  static let storedFields: [NodeType: [String: Schema.Field]] = {
    var table: [NodeType: [String: Schema.Field]] = [:]
    for type in NodeType.allCases {
      let schema = Schema.of(type)
      var special: Set<String> = ["id", "picture"]
      special.formUnion(schema.edges.map(\.name))
      special.formUnion(NodeRenderer.todaysFields[type] ?? [])
      if type == .user { special.formUnion(["username", "installed"]) }
      if type == .page { special.formUnion(PageRoles.managerFields) }
      var fields: [String: Schema.Field] = [:]
      for field in schema.fields where !special.contains(field.name) {
        fields[field.name] = fields[field.name] ?? field
      }
      table[type] = fields
    }
    return table
  }()

  /// `GET me/permissions`: v2.0+ lists `{"permission","status"}` (`granted`, then the
  /// person's `declined` ones), v1.0 one object of flags (granted only).
  func permissions(of owner: Node? = nil) -> JSONObject {
    let scopes = grantedScopes(of: owner)
    let person = viewer.isApp ? owner?.id : viewer.userID
    let declined = person.flatMap { grants[$0]?.declined } ?? []
    var out = JSONObject()
    if !call.version.follows(.permissionsAsList) {
      var flags = JSONObject()
      flags.append("installed", 1)
      for scope in scopes { flags.append(scope, 1) }
      out.append("data", [.object(flags)])
    } else {
      out.append(
        "data",
        .array(
          scopes.filter { scope in
            scope != "basic_info"
              && !(call.version.follows(.publishActionsGone)
                && ["publish_actions", "publish_stream"].contains(scope))
          }.map {
            ["permission": .string($0), "status": "granted"]
          }
            + declined.filter { !scopes.contains($0) }.map {
              ["permission": .string($0), "status": "declined"]
            }))
    }
    return out
  }

  /// The permissions `owner` granted the app: a user token's own; read with the app token,
  /// those of every live token of the user's, in token order (FBTestUsersManager reads a test
  /// user's permissions with the app token, `?ids=...&fields=permissions`).
  func grantedScopes(of owner: Node?) -> [String] {
    guard let owner, viewer.isApp, owner.type == .user else { return viewer.record?.scopes ?? [] }
    var scopes = grants[owner.id]?.granted ?? []
    for record in world.tokens.values.sorted(by: { $0.token < $1.token })
    where record.kind == .user && record.userID == owner.id && record.invalidation == nil {
      for scope in record.scopes where !scopes.contains(scope) { scopes.append(scope) }
    }
    return scopes
  }

  /// Whether the viewer may list `edge` of `owner` (own edges need their permission; from
  /// v2.0 others' gated edges are empty; `friends` is open in v1.0).
  func canList(_ edge: Schema.Edge, of owner: Node) -> Bool {
    guard let permission = edge.permission else { return true }
    if edge.name == "accounts" {
      // `manage_pages` listed them before `pages_show_list` existed.
      return viewer.userID == owner.id && (viewer.has(permission) || viewer.has("manage_pages"))
    }
    if edge.name == "friends" && !call.version.follows(.friendsNeedUserFriends) {
      return viewer.hasToken
    }
    // The app token reads what the person granted the app (a test user's friends once both
    // granted user_friends).
    if viewer.isApp { return grantedScopes(of: owner).contains(permission) }
    if viewer.userID == owner.id {
      if edge.timeBased { return viewer.has("read_stream") || viewer.has("user_posts") }
      return viewer.has(permission)
    }
    return false
  }

  /// An edge as `{"data":[...],"paging":{...}}`, plus `summary` when asked for (or shown
  /// unasked in the recording the world was made from, `RecordedPaging`).
  func list(
    owner: Node, edge: Schema.Edge, selection: FieldSelection?, pager: EdgePager, nested: Bool,
    summary: [String]? = nil, type: String? = nil
  ) throws(GraphError) -> JSONObject {
    let page = try EdgePage(self, owner: owner, edge: edge, pager: pager, type: type)
    var data: [JSONValue] = []
    data.reserveCapacity(page.window.indices.count)
    for index in page.window.indices {
      guard let node = world.nodes[page.ids[index]] else { continue }
      if let selection, !selection.fields.isEmpty {
        data.append(.object(try render(node, selection: selection)))
      } else {
        data.append(.object(itemObject(node, form: edge.item)))
      }
    }
    var out = JSONObject()
    out.append("data", .array(data))
    if let links = page.links(
      self, owner: owner, edge: edge, pager: pager, selection: selection, nested: nested,
      summary: summary)
    {
      out.append("paging", .object(links.object))
    }
    if page.showsSummary(summary) {
      out.append(
        "summary",
        .object(
          summaryObject(
            edge: edge, ids: page.counted, total: page.total, asked: summary ?? [])))
    }
    return out
  }

  /// `2014-10-15T12:00:00+0000` → Unix seconds.
  static func parseTime(_ text: String) -> Int? {
    let digits = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    guard digits.count >= 6 else { return nil }
    return GraphClock.unix(year: digits[0], month: digits[1], day: digits[2], hour: digits[3])
      + digits[4] * 60 + digits[5]
  }
}
