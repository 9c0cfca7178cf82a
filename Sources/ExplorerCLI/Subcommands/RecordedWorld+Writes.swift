import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON

/// What the recording's own writes did (issue 42): a world made `--from` a recording is the
/// world as it stood before the session, so that replaying the session's writes against it
/// (`verify --world`) gives every later read back as recorded.
struct RecordedWrites {
  /// Ids the session's writes minted (a post, a comment, a photo and its post, a test user, a
  /// batch operation's object): not in the world, nor on any edge.
  var created: Set<String> = []
  /// Objects the session deleted that it had not created: kept in the world and on the edges
  /// earlier reads listed them on, though reads after the delete no longer list them.
  var deleted: Set<String> = []
  /// Edges the session joined with a write that minted nothing (`POST {id}/likes`): the
  /// owner, the edge, the token that joined, and whether a read before had listed its person.
  var joined: [(owner: String, edge: String, token: String, listedBefore: Bool)] = []

  /// By owner and edge, how many people the session's writes had added to it so far (a like
  /// adds one, an unlike takes one), and that number as of the read whose count the world keeps
  /// (a comment's `like_count`, `NodeType.edge(countedBy:on:)`): the count before the session
  /// is the one shown less it.
  var joinedSoFar: [String: [String: Int]] = [:]
  var joinedAtCount: [String: [String: Int]] = [:]

  /// Edges a person joins with `POST {id}/EDGE` answered `true`.
  static let joinedEdges: Set<String> = ["likes", "attending", "maybe", "declined"]

  /// The keys of a write's answer that name what it minted.
  static let mintedKeys: Set<String> = ["id", "post_id"]
}

extension RecordedWorld {
  /// Learns what a successful write of `interaction` did: the ids its answer minted (a batch's
  /// writes included), the object it deleted, the edge it joined.
  mutating func learnWrite(_ interaction: Interaction) {
    let request = interaction.request
    // Reads are most of a recording: the method is looked at before the request is parsed.
    guard GraphMethod(name: request.method) != .get,
      (200..<300).contains(interaction.response.status), VerifyScope.isGraph(request.url),
      let call = try? GraphRequest(parsing: request), call.method != .get
    else { return }
    let path = call.pathComponents
    let answer = try? JSONParser.parse(interaction.response.decodedBody)
    if call.method == .delete {
      if path.count == 1, !writes.created.contains(path[0]) { writes.deleted.insert(path[0]) }
      if path.count == 2, RecordedWrites.joinedEdges.contains(path[1]) {
        writes.joinedSoFar[path[0], default: [:]][path[1], default: 0] -= 1
      }
      return
    }
    if path.isEmpty, let batch = call.parameters["batch"] {
      learnBatchWrites(batch, answer, token: call.accessToken)
      return
    }
    if let token = call.accessToken, let last = path.last, Self.publishes(onEdge: last) {
      people.published.insert(people.key(token))
    }
    if path.count == 2, RecordedWrites.joinedEdges.contains(path[1]), let token = call.accessToken,
      answer?.boolValue == true || answer?["success"]?.boolValue == true
    {
      let person = person(of: token)
      let listed = person.map { edges[path[0]]?[path[1]]?.contains($0) == true } ?? false
      writes.joined.append((path[0], path[1], token, listed))
      if !listed { writes.joinedSoFar[path[0], default: [:]][path[1], default: 0] += 1 }
      return
    }
    noteMinted(answer, besides: Set(path))
  }

  /// The ids a batch's writes minted: each POST answered 200 with JSON, and the object a GET of
  /// an earlier operation's result read (`{result=up:$.id}`, whose parent's answer Graph omits).
  private mutating func learnBatchWrites(_ batch: String, _ answer: JSONValue?, token: String?) {
    guard let operations = try? JSONParser.parse(batch).arrayValue,
      let answers = answer?.arrayValue
    else { return }
    for (operation, item) in zip(operations, answers) {
      let method = operation["method"]?.stringValue.flatMap { GraphMethod(name: $0) } ?? .get
      let url = operation["relative_url"]?.stringValue ?? ""
      let path = url.split(separator: "?", maxSplits: 1).first ?? ""
      let readsResult = method == .get && path.hasPrefix("{result=") && !path.contains("/")
      // A publishing write that succeeded was permitted, as one sent alone; a named one whose
      // answer Graph omitted (a later operation read its result) succeeded too.
      let succeeded = item["code"]?.numberValue?.intValue == 200
      if method == .post, succeeded || (item == .null && operation["name"] != nil),
        let last = path.split(separator: "/").last.map(String.init), Self.publishes(onEdge: last)
      {
        wrote = true
        if let token { people.published.insert(people.key(token)) }
      }
      guard method == .post || readsResult, succeeded, let body = item["body"]?.stringValue,
        let json = try? JSONParser.parse(body)
      else { continue }
      noteMinted(json, besides: [])
    }
  }

  /// Notes the ids at a write answer's minting keys, but an id its path named (an update that
  /// echoes its target).
  private mutating func noteMinted(_ answer: JSONValue?, besides named: Set<String>) {
    guard case .object(let object)? = answer else { return }
    for member in object.members where RecordedWrites.mintedKeys.contains(member.key) {
      if let id = member.value.stringValue, !named.contains(id) { writes.created.insert(id) }
    }
  }

  /// Whether a POST to `edge` publishes (needs `publish_actions`): a post, photo, video,
  /// comment or like, or an Open Graph action (`me/app:action`).
  static func publishes(onEdge edge: String) -> Bool {
    ["feed", "photos", "videos", "comments", "likes"].contains(edge) || edge.contains(":")
  }

  /// Whether `id` is an object the session's own writes made.
  func isCreated(_ id: String) -> Bool { writes.created.contains(id) }

  /// What an edge a read showed whole starts from before its items are merged in: the items
  /// earlier reads listed that the session deleted since (in their place among those the read
  /// shows), else nothing (an edge recorded whole holds what was recorded).
  func wholeStart(_ previous: RecordedEdgeList, listed: [String]) -> RecordedEdgeList {
    guard !writes.deleted.isEmpty, previous.ids.contains(where: writes.deleted.contains) else {
      return RecordedEdgeList()
    }
    let shown = Set(listed)
    return RecordedEdgeList(
      previous.ids.filter { shown.contains($0) || writes.deleted.contains($0) })
  }

  /// Notes, when a read shows `field` of `id` and it is the count of one of its edges, how many
  /// people the session had added to that edge by then.
  mutating func noteCountShown(_ field: String, of id: String) {
    guard NodeType.countFields.contains(field),
      let type = types[id].flatMap(NodeType.init(rawValue:)),
      let edge = NodeType.edge(countedBy: field, on: type)
    else { return }
    writes.joinedAtCount[id, default: [:]][edge] = writes.joinedSoFar[id]?[edge] ?? 0
  }

  /// Takes each person off the edges the session's writes joined them to, unless a read before
  /// the write had listed them there; and takes the session's joins out of the counts kept
  /// (**[choice]**: never below 0).
  mutating func settleWrites() {
    for (id, byEdge) in writes.joinedAtCount {
      guard let type = types[id].flatMap(NodeType.init(rawValue:)) else { continue }
      for member in fields[id]?.members ?? [] {
        guard let edge = NodeType.edge(countedBy: member.key, on: type),
          let joined = byEdge[edge], joined != 0,
          let shown = member.value.numberValue?.intValue
        else { continue }
        fields[id]?[member.key] = .number(JSONNumber(max(0, shown - joined)))
      }
    }
    for join in writes.joined where !join.listedBefore {
      guard let person = person(of: join.token),
        var list = edges[join.owner]?[join.edge], list.contains(person)
      else { continue }
      list = RecordedEdgeList(list.ids.filter { $0 != person })
      edges[join.owner]?[join.edge] = list
    }
  }
}
