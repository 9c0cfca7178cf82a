import GraphAPI
import GraphCassette
import GraphJSON

/// Whose each token of a recording was, as its answers show (issue 42): the id `GET me`
/// answered with it (or a `me/...` answer's paging links, or `debug_token`'s `user_id`), and
/// the permissions its `me/permissions` (or `debug_token`'s `scopes`) showed last.
struct RecordedPeople {
  /// Token (as recorded: a placeholder) → the person or Page it acted as.
  var person: [String: String] = [:]
  /// Token → the permissions it held, as last shown.
  var scopes: [String: [String]] = [:]
  /// The tokens in the order their person was first shown.
  var order: [String] = []
  /// Tokens a publishing write succeeded with (they held `publish_actions`).
  var published: Set<String> = []
  /// Recorded token → the key its answers are kept under from now on: itself, until an answer
  /// shows another person than its earlier ones did (`show`), then `TOKEN from #N`.
  var current: [String: String] = [:]
  /// Each split, in order: the recorded token, the interaction (1-based) whose answer showed
  /// another person, and the two people.
  var splits: [(token: String, at: Int, before: String, after: String)] = []
  /// Tokens whose `me/accounts` answer listed Pages with their tokens (`verify`'s reading).
  var listedPages: Set<String> = []

  mutating func note(_ token: String, person id: String) {
    if person.updateValue(id, forKey: token) == nil { order.append(token) }
  }

  /// The key `token`'s answers are kept under now.
  func key(_ token: String) -> String { current[token] ?? token }

  /// Notes that `token`'s answer at interaction `number` showed `id` (`GET me`, the owner in a
  /// `me/...` answer's paging links, `debug_token`), and returns the key it is kept under.
  /// Where its earlier answers showed another person, one recorded value stood for two
  /// tokens (another tool's placeholder written over two real tokens recorded at different
  /// times): from `number` on it is a token of its own (`splitName`). A token whose answers
  /// never contradict is never split.
  mutating func show(_ token: String, person id: String, at number: Int) -> String {
    let now = key(token)
    if let before = person[now], before != id {
      let split = Self.splitName(token, at: number)
      current[token] = split
      splits.append((token, number, before, id))
      note(split, person: id)
      return split
    }
    note(now, person: id)
    return now
  }

  /// The name of the token a recorded `token` stands for from interaction `number` on:
  /// `<ACCESS_TOKEN_1> from #2`, as the world names its token (`verify --world` reads it).
  static func splitName(_ token: String, at number: Int) -> String {
    "\(token)\(splitMark)\(number)"
  }

  static let splitMark = " from #"

  /// The recorded token and the interaction (1-based) a `splitName` names.
  static func split(named name: String) -> (token: String, at: Int)? {
    guard let range = name.range(of: splitMark, options: .backwards),
      let number = Int(name[range.upperBound...]), number > 0
    else { return nil }
    return (String(name[..<range.lowerBound]), number)
  }

  /// The recorded token a key stands for (itself, or what `splitName` split).
  static func recorded(_ key: String) -> String { split(named: key)?.token ?? key }

  /// One line per split, as `world --from` says it.
  var splitLines: [String] {
    splits.map { split in
      "\(split.token) answered as \(split.before) up to #\(split.at - 1) and as \(split.after) "
        + "from #\(split.at): one recorded value for two tokens, kept as two"
    }
  }
}

extension RecordedWorld {
  /// The key of the edges a `me/...` read was kept under before its token's person was known.
  static let pendingMe = "\u{0}me\u{0}"

  /// The token each recorded world token is named after is sent as: `CAAEmuRecorded2`, ...
  static let recordedTokenStem = "CAAEmuRecorded"

  /// The owner a `me/...` read with `token` is kept under: the token's person when known, else
  /// a key of its own that `settlePendingMe` gives to the person shown later.
  func meOwner(_ token: String?) -> String {
    guard let token else { return me ?? "me" }
    return people.person[token] ?? Self.pendingMe + token
  }

  /// The person `token` acted as: as its answers showed, else the base world's token's user,
  /// else `me`.
  func person(of token: String) -> String? {
    if let known = people.person[people.key(token)] { return known }
    let base = root["tokens"]?.arrayValue?.first { $0["token"]?.stringValue == token }
    return base?["user"]?.stringValue ?? me
  }

  /// Learns whose token `debug_token` described (`input_token`): its `user_id` and `scopes`.
  mutating func learnDebugToken(_ path: [String], _ query: QueryItems, _ answer: JSONValue) {
    guard path == ["debug_token"], let input = query["input_token"],
      let data = answer["data"], data["is_valid"]?.boolValue != false,
      let user = data["user_id"]?.stringValue
    else { return }
    let token = people.show(input, person: user, at: seen)
    if let granted = data["scopes"]?.arrayValue {
      people.scopes[token] = granted.compactMap(\.stringValue)
    }
  }

  /// The permissions the token of `person` last shown held.
  func grants(ofPerson person: String) -> [String]? {
    people.order.last { people.person[$0] == person && people.scopes[$0] != nil }
      .flatMap { people.scopes[$0] }
  }

  /// Gives the edges each `me/...` read was kept under to the person its token was (the
  /// person `me` was when no answer said), and `me`'s to the person `me` answered as (a person
  /// of its own when none did). An edge recorded whole holds what was recorded.
  mutating func settlePendingMe() {
    let pending = edges.keys.filter { $0.hasPrefix(Self.pendingMe) }.sorted()
    for key in pending + (edges["me"] == nil ? [] : ["me"]) {
      guard let lists = edges.removeValue(forKey: key) else { continue }
      let token = key == "me" ? nil : String(key.dropFirst(Self.pendingMe.count))
      let owner = token.flatMap { people.person[$0] } ?? me ?? Self.unnamedMe
      if me == nil, !isCreated(owner) { me = owner }
      // The edges of a test user the session created are not in the world.
      guard !isCreated(owner) else { continue }
      for (edge, ids) in lists {
        let whole = wholeOfMe.contains(key + "/" + edge)
        var list = whole ? RecordedEdgeList() : edges[owner]?[edge] ?? .init()
        for id in ids.ids { list.append(id) }
        edges[owner, default: [:]][edge] = list
      }
    }
  }

  /// A world token for each recorded token of a recording that shows several people: named
  /// after its placeholder (so `verify --world` sends it), held by the person its answers show
  /// with the permissions they show (else what `me`'s token holds). **[choice]**: a recording
  /// of one person's tokens keeps them all as `CAAEmuRecordedMe`; a Page's token acts through
  /// the world's default user; tokens of people the world does not hold (test users the
  /// session created) are left to the session's own minting.
  func peopleTokens(fallback: JSONValue) -> [JSONValue] {
    let shown = people.order.filter { key in
      let token = RecordedPeople.recorded(key)
      return token.hasPrefix("<") && token.hasSuffix(">") && TokenFamily(placeholder: token) != .app
        && people.person[key].flatMap { types[$0] } != nil
    }
    guard Set(shown.compactMap { people.person[$0] }).count > 1 else { return [] }
    var made: [JSONValue] = []
    for (index, token) in shown.enumerated() {
      guard let person = people.person[token], let type = types[person] else { continue }
      let held = people.scopes[token] ?? grants(ofPerson: person)
      guard type == "user" || type == "page" else { continue }
      var record = JSONObject()
      record["token"] = .string(Self.recordedTokenStem + String(index + 2))
      record["name"] = .string(token)
      record["kind"] = .string(type)
      record["user"] = .string(
        type == "page" ? me ?? root["default_user"]?.stringValue ?? "" : person)
      record["scopes"] = held.map { .array($0.map { .string($0) }) } ?? fallback
      if type == "page" { record["page"] = .string(person) }
      made.append(.object(record))
    }
    return made
  }
}
