import GraphJSON

/// Everything the emulator knows: people, pages, places, posts, photos, the app, its tokens.
///
/// A value type: the emulator keeps the world it started with, so `reset` restores it by
/// assignment. Load one with `World.default`, `World(json:)`, `World.load(contentsOf:)` or
/// `World.generated(people:friends:seed:)`.
public struct World: Sendable {
  /// The fields, shared by copies of a world until one of them changes (copy on write): a
  /// world is copied for every answer (the renderer holds one), and copying the box is one
  /// reference count where copying the fields was one per collection and string.
  private final class Storage: @unchecked Sendable {
    var app: AppInfo
    var nodes: NodeTable
    var edges: [String: [String: [String]]]
    var tokens: [String: TokenRecord]
    var deauthorized: Set<String>
    var defaultUserID: String
    var defaultToken: String
    var clock: Int
    var usernames: [String: String]
    var aliases: [String: String]
    var paging = RecordedPaging()
    var otherApps: [AppInfo] = []

    init(
      app: AppInfo, nodes: NodeTable, edges: [String: [String: [String]]],
      tokens: [String: TokenRecord], deauthorized: Set<String>, defaultUserID: String,
      defaultToken: String, clock: Int, usernames: [String: String], aliases: [String: String]
    ) {
      self.app = app
      self.nodes = nodes
      self.edges = edges
      self.tokens = tokens
      self.deauthorized = deauthorized
      self.defaultUserID = defaultUserID
      self.defaultToken = defaultToken
      self.clock = clock
      self.usernames = usernames
      self.aliases = aliases
    }

    /// A box of its own with the same fields.
    func copy() -> Storage {
      let box = Storage(
        app: app, nodes: nodes, edges: edges, tokens: tokens, deauthorized: deauthorized,
        defaultUserID: defaultUserID, defaultToken: defaultToken, clock: clock,
        usernames: usernames,
        aliases: aliases)
      box.paging = paging
      box.otherApps = otherApps
      return box
    }
  }

  private var storage: Storage

  /// Gives this world a box of its own before a change, when another world shares it.
  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
  }

  /// The app every token belongs to (Scrumptious in the default world).
  public var app: AppInfo {
    get { storage.app }
    _modify {
      makeUnique()
      yield &storage.app
    }
  }

  /// Every node by id (a generated world's people are computed when looked up).
  public internal(set) var nodes: NodeTable {
    get { storage.nodes }
    _modify {
      makeUnique()
      yield &storage.nodes
    }
  }

  /// Stored edges by owner id, then edge name: the ids, in the order Graph lists them (newest
  /// first for feeds). A generated world's friend lists are computed instead, unless a write
  /// stored one here.
  public internal(set) var edges: [String: [String: [String]]] {
    get { storage.edges }
    _modify {
      makeUnique()
      yield &storage.edges
    }
  }

  /// Access tokens by their text.
  public internal(set) var tokens: [String: TokenRecord] {
    get { storage.tokens }
    _modify {
      makeUnique()
      yield &storage.tokens
    }
  }

  /// Users who removed the app (their tokens fail with 190/458).
  public internal(set) var deauthorized: Set<String> {
    get { storage.deauthorized }
    _modify {
      makeUnique()
      yield &storage.deauthorized
    }
  }

  /// The id of the logged-in test user the REPL starts with.
  public internal(set) var defaultUserID: String {
    get { storage.defaultUserID }
    _modify {
      makeUnique()
      yield &storage.defaultUserID
    }
  }

  /// The token of the default user.
  public internal(set) var defaultToken: String {
    get { storage.defaultToken }
    _modify {
      makeUnique()
      yield &storage.defaultToken
    }
  }

  /// The emulator's clock at start, Unix seconds (each request advances it by one second).
  public internal(set) var clock: Int {
    get { storage.clock }
    _modify {
      makeUnique()
      yield &storage.clock
    }
  }

  /// How the recording the world was made from paged edges (`world --from`).
  public internal(set) var paging: RecordedPaging {
    get { storage.paging }
    _modify {
      makeUnique()
      yield &storage.paging
    }
  }

  /// Apps besides `app` that a recording showed answering (`world --from`: a recording of two
  /// apps): each answers its own `client_credentials` exchange with its own app token, and an
  /// unversioned call with that token is served at its default version.
  public internal(set) var otherApps: [AppInfo] {
    get { storage.otherApps }
    _modify {
      makeUnique()
      yield &storage.otherApps
    }
  }

  /// The world's app with id `id`: `app` or one of `otherApps`.
  func app(id: String) -> AppInfo? {
    if id == app.id { return app }
    return otherApps.first { $0.id == id }
  }

  /// The app of the other apps' whose token `token` is (`APPID|...`), if any.
  func otherApp(ofToken token: String) -> AppInfo? {
    guard !otherApps.isEmpty, let bar = token.firstIndex(of: "|") else { return nil }
    let id = token[..<bar]
    return otherApps.first { $0.id == id }
  }

  /// Usernames to ids, for `GET /<username>`.
  var usernames: [String: String] {
    get { storage.usernames }
    _modify {
      makeUnique()
      yield &storage.usernames
    }
  }

  /// Other names objects are read by (a vanity name a recording used, `/tahrd108`),
  /// lowercased, to their ids: looked up as usernames are, and kept when a username changes.
  public var aliases: [String: String] { storage.aliases }

  init(
    app: AppInfo, nodes: [String: Node], edges: [String: [String: [String]]],
    tokens: [String: TokenRecord], deauthorized: Set<String>, defaultUserID: String,
    defaultToken: String, clock: Int, population: GeneratedPopulation? = nil,
    aliases: [String: String] = [:]
  ) {
    storage = Storage(
      app: app, nodes: NodeTable(nodes, population: population), edges: edges, tokens: tokens,
      deauthorized: deauthorized, defaultUserID: defaultUserID, defaultToken: defaultToken,
      clock: clock, usernames: [:], aliases: aliases)
    reindexUsernames()
  }

  mutating func reindexUsernames() {
    usernames = aliases
    // Generated people have no usernames: only stored nodes are looked at.
    for node in nodes.stored.values where node.type == .user || node.type == .page {
      if let username = node.string("username") { usernames[username.lowercased()] = node.id }
    }
  }

  /// Whether `id` uses the app: one of its users and not among those who removed it.
  func usesApp(_ id: String) -> Bool {
    (app.users?.contains(id) ?? true) && !deauthorized.contains(id)
  }

  /// The ids on `edge` of `owner` (empty when there are none): a stored list, or a generated
  /// person's friends.
  func edge(_ owner: String, _ edge: String) -> EdgeList {
    if let stored = edges[owner]?[edge] { return EdgeList(stored) }
    guard edge == "friends", let population = nodes.population,
      let n = population.index(of: owner), !nodes.removedPeople.contains(n)
    else { return EdgeList() }
    let list = EdgeList(population: population, owner: n)
    // A generated person taken out of the world leaves every list.
    guard nodes.removedPeople.isEmpty else {
      return EdgeList(
        list.filter { id in
          population.index(of: id).map { !nodes.removedPeople.contains($0) } ?? true
        })
    }
    return list
  }

  /// Puts `id` at the front (`atFront`) or the end of an edge list.
  mutating func link(_ owner: String, _ edge: String, _ id: String, atFront: Bool = false) {
    var list = Array(self.edge(owner, edge))
    if atFront { list.insert(id, at: 0) } else { list.append(id) }
    edges[owner, default: [:]][edge] = list
  }

  mutating func unlink(_ id: String) {
    for (owner, byName) in edges {
      for (name, list) in byName where list.contains(id) {
        edges[owner]?[name] = list.filter { $0 != id }
      }
    }
  }

  mutating func insert(_ node: Node) {
    nodes[node.id] = node
    if let username = node.string("username") { usernames[username.lowercased()] = node.id }
  }

  mutating func remove(_ id: String) {
    nodes[id] = nil
    edges[id] = nil
    unlink(id)
  }

  mutating func addToken(_ record: TokenRecord) { tokens[record.token] = record }

  /// Places (Pages with a location) sorted by id: what a place search can find.
  public var places: [Node] {
    nodes.stored.values.filter { $0.type == .page && $0.fields["location"]?["latitude"] != nil }
      .sorted { $0.id < $1.id }
  }

  /// People (users) sorted by id, for listings and completion.
  public var people: [Node] {
    let stored = nodes.stored.values.filter { $0.type == .user }.sorted { $0.id < $1.id }
    guard let population = nodes.population else { return stored }
    // Generated people come in id order already: merge them with the stored ones.
    var out: [Node] = []
    out.reserveCapacity(stored.count + population.count)
    var next = stored.startIndex
    for node in nodes.values.dropFirst(nodes.stored.count) {
      while next < stored.endIndex, stored[next].id < node.id {
        out.append(stored[next])
        next += 1
      }
      out.append(node)
    }
    out += stored[next...]
    return out
  }

  /// The person with the lowest id that `matches`, as `people.first(where:)` finds it, without
  /// making every person of a generated world first.
  func firstPerson(where matches: (Node) -> Bool) -> Node? {
    let stored = nodes.stored.values.filter { $0.type == .user && matches($0) }
      .min { $0.id < $1.id }
    let generated = nodes.values.dropFirst(nodes.stored.count).first(where: matches)
    guard let stored, let generated else { return stored ?? generated }
    return stored.id < generated.id ? stored : generated
  }

  /// The named test tokens, sorted by name.
  public var testTokens: [TokenRecord] {
    tokens.values.filter { $0.name != nil }.sorted { ($0.name ?? "") < ($1.name ?? "") }
  }
}
