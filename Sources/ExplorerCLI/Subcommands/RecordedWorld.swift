import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON

/// An emulator world made from a recording (`graph-explorer world --from`, issue 27): the
/// people, pages, posts, photos, albums, events and comments the recorded Graph answers show,
/// with their recorded ids and fields, the edges they were listed on (friendships, feeds,
/// photos, accounts) in the recorded order, and the permissions `me/permissions` showed, over a
/// base world that brings the app, the clock and the test tokens. Only answers of 200 to GET
/// are read; what they do not show is the base world's. It is the world the session started
/// from: what its own writes made is left out, what it deleted stays (`RecordedWorld+Writes`),
/// and each token is the person its answers show (`RecordedWorld+People`).
///
/// The base's own objects keep their stored values where they have one (an emulator's
/// recording gives back the world it was made on); the recording adds what the base lacks and
/// replaces plain values that differ. **[choice]**: fields whose answers the emulator computes
/// (`picture`) and expanded edges are not stored as fields.
struct RecordedWorld {
  /// Fields an answer shows that are no stored field.
  static let notStored: Set<String> = ["id", "metadata", "paging", "picture", "permissions"]

  var root: JSONObject
  var types: [String: String] = [:]
  var fields: [String: JSONObject] = [:]
  var baseIDs: Set<String> = []
  var edges: [String: [String: RecordedEdgeList]] = [:]
  /// Edges of `me` a recorded first page showed whole (no next page) before whose token it was
  /// known, as `OWNER-KEY/EDGE` (`RecordedWorld+People.settlePendingMe`).
  var wholeOfMe: Set<String> = []
  var baseTokens: Set<String> = []
  /// Graph's clock at the first answer (its `Date`), and the expiry the recording last showed
  /// for a token of its own (`learnClock`).
  var startedAt: Int?
  var recordedExpiry: Int?
  /// Names the recording read objects by (`/tahrd108`), lowercased, to their ids.
  var aliases: [String: String] = [:]
  /// The person `me` answered as (or whom a `me/...` answer's paging links name), and whether a
  /// request used a token the base does not have.
  var me: String?
  var foreignToken = false
  var scopes: [String]?
  /// Whether the recording shows a publishing write succeeding (`publish_actions` was held).
  var wrote = false
  /// Whether a read with no version in its path was answered as v1.0 (recorded before v2.0
  /// was released, or showing a field v2.0 refuses).
  var unversionedV1 = false
  /// The version the latest read with no version in its path was answered at, as its
  /// `facebook-api-version` header shows: the app's default version.
  var unversionedAnswered: String?
  /// Names reads were answered with a token error for (lowercased, in order): objects Graph
  /// knew (`learnRefusedName`).
  var refusedNames: [String] = []
  /// How many successful requests named each app (`client_id`, `/{app-id}/accounts`), and the
  /// order they were last named in.
  var appMentions: [String: Int] = [:]
  var appOrder: [String] = []
  /// The app each app token a `client_credentials` exchange answered is of, and the version
  /// each app's unversioned reads were answered at (`RecordedWorld+App`).
  var appTokens: [String: String] = [:]
  var appVersions: [String: String] = [:]
  /// How the recorded answers paged edges (`learnPaging`), and the `summary.total_count` each
  /// owner's edge was last shown with.
  var paging = RecordedPaging()
  var recordedTotals: [String: [String: Int]] = [:]
  /// The last item of each recorded page that had a `next` link, by edge name
  /// (`continuedEdges`).
  var pageEnds: [String: Set<String>] = [:]
  /// The test users each app listed or made (`RecordedWorld+TestUsers`).
  var testUsers = RecordedTestUsers()
  /// How many objects the recording added, by type, and interactions read.
  var added: [String: Int] = [:]
  private(set) var read = 0
  /// Interactions learned from: the 1-based number of the one being learned.
  private(set) var seen = 0
  /// What the session's own writes made, deleted and joined (`RecordedWorld+Writes`).
  var writes = RecordedWrites()
  /// Whose each token was (`RecordedWorld+People`).
  var people = RecordedPeople()

  /// The day Graph API v2.0 was released: an unversioned call recorded before it was v1.0.
  static let v2Released = "2014-04-30"

  /// Query parameters that ask for a later page: a read with one shows part of an edge.
  static let pageParameters: Set<String> = [
    "after", "before", "offset", "until", "since", "__paging_token", "__previous",
  ]

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
        edges[owner.key, default: [:]][edge.key] = RecordedEdgeList(
          (edge.value.arrayValue ?? []).compactMap(\.stringValue))
      }
    }
    for alias in value["aliases"]?.objectValue?.members ?? [] {
      if let id = alias.value.stringValue { aliases[alias.key] = id }
    }
    baseTokens = Set((value["tokens"]?.arrayValue ?? []).compactMap { $0["token"]?.stringValue })
    paging = base.paging
  }

  /// Reads what `interaction` shows, when it is a Graph answer of 200 to GET with JSON (stored
  /// in any body form: JSON, text, base64, or gzip or deflate as it came).
  mutating func learn(_ interaction: Interaction) {
    let request = interaction.request
    seen += 1
    learnClock(interaction)
    learnApp(interaction)
    learnRefusedName(interaction)
    learnWrite(interaction)
    learnTestUserMade(interaction)
    // A publishing write the recording shows succeeding was permitted.
    if GraphMethod(name: request.method) == .post,
      (200..<400).contains(interaction.response.status),
      VerifyScope.isGraph(request.url),
      let last = URLParts(request.url)?.pathComponents.last, Self.publishes(onEdge: last)
    {
      wrote = true
    }
    guard GraphMethod(name: request.method) == .get, interaction.response.status == 200,
      VerifyScope.isGraph(request.url), let parts = URLParts(request.url),
      let answer = try? JSONParser.parse(interaction.response.decodedBody)
    else { return }
    var path = parts.pathComponents
    var versioned = false
    var pathVersion: String?
    if let first = path.first, first.hasPrefix("v"), GraphRequest.normalisedVersion(first) != nil {
      path.removeFirst()
      versioned = true
      pathVersion = first
    }
    let query = parts.queryItems
    guard query["ids"] == nil else { return }
    if path.isEmpty {
      // `GET /?id=X`: the object X, a URL object when X is a URL.
      guard let id = query["id"], answer["id"]?.stringValue == id else { return }
      read += 1
      node(answer, type: id.contains("://") ? "url" : nil)
      return
    }
    let recordedToken = query["access_token"] ?? Self.bearer(request)
    if let recordedToken, !baseTokens.contains(recordedToken) {
      foreignToken = true
    }
    // The key its answers are kept under: itself, or a token of its own once its answers
    // showed another person (`RecordedPeople.show`).
    var token = recordedToken.map { people.key($0) }
    learnDebugToken(path, query, answer)
    if !versioned, let shown = interaction.response.headers["facebook-api-version"],
      GraphRequest.normalisedVersion(shown) != nil
    {
      unversionedAnswered = shown
    }
    if !versioned, interaction.recordedAt.count >= 10,
      interaction.recordedAt.prefix(10) < Self.v2Released
    {
      unversionedV1 = true
    }
    read += 1
    let fromV2 = Self.answeredFromV2(interaction, pathVersion: pathVersion)
    learnLinkVersion(in: answer, versioned: versioned)
    if learnTestUsersListed(path, answer) || learnAppPermissions(path, answer) { return }
    switch path.count {
    case 1 where path[0] == "search":
      let type = query["type"] == "place" ? "page" : (query["type"] ?? "user")
      for item in answer["data"]?.arrayValue ?? [] { node(item, type: type) }
    case 1:
      guard let id = answer["id"]?.stringValue else { return }
      if path[0] == "me", let recordedToken {
        token = people.show(recordedToken, person: id, at: seen)
      }
      let name = path[0].removingPercentEncoding ?? path[0]
      let vanity = name != "me" && name != id && name != "app" && !name.allSatisfy(\.isNumber)
      // From v2.0 Graph answers no person by a name (803): what it answered so is a Page.
      // Nor another person's feed: an object whose feed it listed to someone else is a Page
      // (**[choice]**: a group, which the emulator has not, reads alike).
      let feedListed =
        path[0] != "me" && Self.feedEdges.contains { answer[$0]?["data"]?.arrayValue != nil }
      node(answer, type: fromV2 && (vanity || feedListed) ? "page" : nil)
      if !versioned, types[id] == "user", answer["username"] != nil { unversionedV1 = true }
      // `me` is a person: not a Page a Page token read itself as, nor a test user the session
      // created (which is not in the world).
      if path[0] == "me", types[id] == "user" { me = id }
      if vanity { aliases[name.lowercased()] = id }
      if path[0] == "me", let data = answer["permissions"]?["data"] {
        scopes = RecordedSession.granted(data) ?? scopes
        if let token { people.scopes[token] = RecordedSession.granted(data) }
      }
    case 2:
      if path[0] == "me", path[1] == "permissions" {
        scopes = RecordedSession.granted(answer["data"]) ?? scopes
        if let token { people.scopes[token] = RecordedSession.granted(answer["data"]) }
        return
      }
      if path[0] == "me", let shown = Self.owner(inPagingOf: answer, edge: path[1]) {
        if me == nil, !isCreated(shown) { me = shown }
        if let recordedToken { token = people.show(recordedToken, person: shown, at: seen) }
      }
      var owner = path[0] == "me" ? meOwner(token) : (aliases[path[0].lowercased()] ?? path[0])
      // A name (`/GetG5/posts`) whose answer shows the owner's id (its paging links, or the
      // `OWNER_POST` ids of the posts on it) is an alias of that id.
      if path[0] != "me", !GraphRequest.isIDShaped(owner),
        let shown = Self.owner(inPagingOf: answer, edge: path[1])
          ?? Self.owner(ofPostsIn: answer, edge: path[1])
      {
        aliases[owner.lowercased()] = shown
        owner = shown
      }
      if path[0] != "me", Self.feedEdges.contains(path[1]), types[owner] == nil,
        Self.answeredFromV2(interaction, pathVersion: pathVersion)
      {
        types[owner] = "page"
        fields[owner] = JSONObject()
        added["page", default: 0] += 1
      }
      let firstPage = query.items.allSatisfy { !Self.pageParameters.contains($0.name) }
      let isWhole = firstPage && answer["paging"]?["next"] == nil
      list(
        answer["data"], owner: owner, edge: path[1], whole: isWhole,
        continues: answer["paging"]?["next"] != nil)
      learnPaging(answer, query: query, owner: owner, edge: path[1], fromV2: fromV2)
      learnOmittedEmpty(answer, query: query)
    default: return
    }
  }

  /// The edges that list what was posted on an object: from v2.0 a person's only to themselves.
  static let feedEdges = ["feed", "posts"]

  /// The day Graph API v1.0 stopped answering: an unversioned call recorded after it was v2.0
  /// or later.
  static let v1Ended = "2015-04-30"

  /// Whether Graph answered `interaction` at v2.0 or later: by its `facebook-api-version`
  /// header, else the version in its path, else a recording after v1.0's end.
  static func answeredFromV2(_ interaction: Interaction, pathVersion: String?) -> Bool {
    let shown = interaction.response.headers["facebook-api-version"] ?? pathVersion
    if let shown, let major = Int(shown.dropFirst().prefix { $0.isNumber }) { return major >= 2 }
    return interaction.recordedAt.count >= 10 && interaction.recordedAt.prefix(10) >= v1Ended
  }

  /// Adds or updates the node `value` shows (typed `type`, else guessed), its nested people and
  /// its expanded edges.
  private mutating func node(_ value: JSONValue, type: String?) {
    // A test user the session made stays a node: the world's app makes it again with the
    // recorded id and the fields the recording showed (`app.next_test_users`).
    guard let id = value["id"]?.stringValue, case .object(let object) = value,
      !isCreated(id) || testUsers.madeIDs.contains(id)
    else { return }
    let known = types[id]
    let shown = value["metadata"]?["type"]?.stringValue.flatMap(Self.nodeType(named:))
    let type = known ?? shown ?? Self.typeOfID(id) ?? type ?? Self.guess(object, id)
    if known == nil {
      types[id] = type
      fields[id] = JSONObject()
      added[type, default: 0] += 1
    }
    for member in object.members where !Self.notStored.contains(member.key) {
      // A list of objects is an edge; one of values without ids (a post's `attachments`) is
      // a field, kept as recorded.
      if let data = member.value["data"], let items = data.arrayValue,
        items.isEmpty || items.contains(where: { $0["id"] != nil })
      {
        list(
          data, owner: id, edge: member.key, continues: member.value["paging"]?["next"] != nil)
        learnExpansionCount(member.value, owner: id, edge: member.key)
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
    noteCountShown(name, of: id)
    if baseIDs.contains(id), let stored = fields[id]?[name] {
      guard stored != value, value.objectValue == nil, value.arrayValue == nil else { return }
    }
    fields[id]?[name] = value
  }

  /// The items of `owner`'s `edge` in the recorded order, merged with those already listed
  /// (`RecordedEdgeList.merge`: new items before the listed ones the answer shows after them,
  /// else after all); only those when the answer showed the edge `whole` (a first page with no
  /// next: an edge recorded empty stays empty, whatever the base had).
  private mutating func list(
    _ data: JSONValue?, owner: String, edge: String, whole: Bool = false, continues: Bool
  ) {
    guard let items = data?.arrayValue, !isCreated(owner) else { return }
    if whole, owner == "me" || owner.hasPrefix(Self.pendingMe) {
      wholeOfMe.insert(owner + "/" + edge)
    }
    var ids = edges[owner]?[edge] ?? RecordedEdgeList()
    // Taken out while it grows, so that appending does not copy it.
    edges[owner]?[edge] = nil
    // The items' type as the emulator's schema declares it (issue 46: one declaration).
    let itemType = NodeType.itemType(
      ofEdge: edge, on: types[owner].flatMap(NodeType.init(rawValue:)))?.rawValue
    var listed: [String] = []
    listed.reserveCapacity(items.count)
    for item in items {
      node(item, type: itemType)
      if let id = item["id"]?.stringValue, !isCreated(id) { listed.append(id) }
    }
    if whole { ids = wholeStart(ids, listed: listed) }
    if continues, let last = listed.last { pageEnds[edge, default: []].insert(last) }
    ids.merge(listed)
    edges[owner, default: [:]][edge] = ids
  }

  /// The world's type for a `metadata.type` Graph showed (`user`, `adaccount`, `AdAccount`).
  static func nodeType(named name: String) -> String? {
    let lowered = name.lowercased()
    return NodeType.allCases.first {
      $0.rawValue == lowered || $0.graphName.lowercased() == lowered
    }?.rawValue
  }

  /// The type an id's shape says: `act_<n>` is an ad account.
  static func typeOfID(_ id: String) -> String? { id.hasPrefix("act_") ? "adaccount" : nil }

  /// A node type from the fields an answer shows. **[choice]**: a person when nothing says
  /// otherwise.
  static func guess(_ object: JSONObject, _ id: String) -> String {
    func has(_ names: String...) -> Bool { names.contains { object[$0] != nil } }
    if has("account_status", "amount_spent", "funding_source") { return "adaccount" }
    if has("objective", "buying_type") { return "campaign" }
    if has("targeting", "billing_event", "optimization_goal", "daily_budget") { return "adset" }
    if has("creative", "adset_id", "adgroup_status") { return "ad" }
    if has("object_story_spec", "image_hash", "thumbnail_url") { return "adcreative" }
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
  func inferred(_ base: JSONValue?) -> JSONValue {
    var names = (base?.arrayValue ?? []).compactMap(\.stringValue)
    if wrote, !names.contains("publish_actions") { names.append("publish_actions") }
    return .array(names.map { .string($0) })
  }
}
