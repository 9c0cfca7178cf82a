import GraphJSON

/// Everything the emulator knows: people, pages, places, posts, photos, the app, its tokens.
///
/// A value type: the emulator keeps the world it started with, so `reset` restores it by
/// assignment. Load one with `World.default`, `World(json:)`, `World.load(contentsOf:)` or
/// `World.generated(people:friends:seed:)`.
public struct World: Sendable {
  /// The app every token belongs to (Scrumptious in the default world).
  public var app: AppInfo
  /// Every node by id (a generated world's people are computed when looked up).
  public internal(set) var nodes: NodeTable
  /// Stored edges by owner id, then edge name: the ids, in the order Graph lists them (newest
  /// first for feeds). A generated world's friend lists are computed instead, unless a write
  /// stored one here.
  public internal(set) var edges: [String: [String: [String]]]
  /// Access tokens by their text.
  public internal(set) var tokens: [String: TokenRecord]
  /// Users who removed the app (their tokens fail with 190/458).
  public internal(set) var deauthorized: Set<String>
  /// The id of the logged-in test user the REPL starts with.
  public internal(set) var defaultUserID: String
  /// The token of the default user.
  public internal(set) var defaultToken: String
  /// The emulator's clock at start, Unix seconds (each request advances it by one second).
  public internal(set) var clock: Int
  /// Usernames to ids, for `GET /<username>`.
  var usernames: [String: String]

  init(
    app: AppInfo, nodes: [String: Node], edges: [String: [String: [String]]],
    tokens: [String: TokenRecord], deauthorized: Set<String>, defaultUserID: String,
    defaultToken: String, clock: Int, population: GeneratedPopulation? = nil
  ) {
    self.app = app
    self.nodes = NodeTable(nodes, population: population)
    self.edges = edges
    self.tokens = tokens
    self.deauthorized = deauthorized
    self.defaultUserID = defaultUserID
    self.defaultToken = defaultToken
    self.clock = clock
    self.usernames = [:]
    reindexUsernames()
  }

  mutating func reindexUsernames() {
    usernames = [:]
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

/// The app the tokens belong to.
public struct AppInfo: Sendable, Hashable {
  public var id: String
  public var name: String
  public var namespace: String
  /// The app secret: used only to check `appsecret_proof`, never printed in answers.
  public var secret: String
  /// The version an unversioned call is served by.
  public var defaultVersion: GraphVersion
  /// Whether calls with a user token must carry `appsecret_proof`.
  public var requiresAppSecretProof: Bool
  /// People with a role on the app (developers, testers): the only ones an action may tag.
  public var testers: Set<String>
  /// Open Graph action types of the app (`eat`), each with its object property (`meal`).
  public var actionTypes: [String: String]
  /// People who use the app (from v2.0 the only friends `friends` lists); `nil`: everyone.
  public var users: Set<String>?
  /// The app's client token (`APPID|CLIENTTOKEN`, FacebookClientToken in an iOS app's plist):
  /// what the iOS SDK 3.24 sends for app events when nobody is logged in.
  public var clientToken: String?

  public init(
    id: String, name: String, namespace: String, secret: String, defaultVersion: GraphVersion,
    requiresAppSecretProof: Bool = false, testers: Set<String> = [],
    actionTypes: [String: String] = [:], users: Set<String>? = nil, clientToken: String? = nil
  ) {
    self.id = id
    self.name = name
    self.namespace = namespace
    self.secret = secret
    self.defaultVersion = defaultVersion
    self.requiresAppSecretProof = requiresAppSecretProof
    self.testers = testers
    self.actionTypes = actionTypes
    self.users = users
    self.clientToken = clientToken
  }
}

/// One access token and what it stands for.
public struct TokenRecord: Sendable, Hashable {
  /// What sort of token.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A user access token (of `user`).
    case user
    /// An app access token (`APPID|...`).
    case app
    /// A token Graph rejects as malformed.
    case malformed
    /// A Page access token: the Page (`pageID`) acting through one of its people (`userID`).
    case page
  }

  public var token: String
  /// The documented name of a test token (`alice`, `app`, `expired`, ...), `nil` for minted ones.
  public var name: String?
  public var kind: Kind
  /// The user a user token belongs to (for a Page token, the person it was issued to).
  public var userID: String?
  /// The Page a Page token acts as.
  public var pageID: String?
  /// Granted permissions (scopes), in grant order.
  public var scopes: [String]
  /// Expiry, Unix seconds; `nil` never expires.
  public var expiresAt: Int?
  /// Why Graph no longer accepts the token, as a 190 subcode: 460 (password changed) or 467
  /// (logged out); `nil` when it is valid.
  public var invalidation: Int?
  /// What the token is for, for `tokens` listings.
  public var summary: String

  public init(
    token: String, name: String? = nil, kind: Kind, userID: String? = nil, scopes: [String] = [],
    expiresAt: Int? = nil, invalidation: Int? = nil, summary: String = "", pageID: String? = nil
  ) {
    self.token = token
    self.pageID = pageID
    self.name = name
    self.kind = kind
    self.userID = userID
    self.scopes = scopes
    self.expiresAt = expiresAt
    self.invalidation = invalidation
    self.summary = summary
  }
}
