import GraphAPI
import GraphJSON

/// What a replayed session learns from each recorded answer and the answer the target gave at
/// the same step (issue 42), so that every later request is sent as the session would send it
/// on the target: tokens and codes minted by the session (a `<ACCESS_TOKEN_2>` that
/// `client_credentials`, `accounts/test-users`, the code exchange, `me/accounts` or a login
/// dialog's redirect answered), ids minted by writes (`POST me/feed`, test-user creation, a
/// batch's operations), and paging cursors (`CursorFollower`).
///
/// Learning aligns the two answers value by value (JSON by key and index, a form-encoded
/// answer and a redirect's query and fragment by parameter name): where the recorded value is
/// a placeholder, or an id in the answer to a write, and the target's differs, the recorded
/// one is sent as the target's from then on (`rewrite`).
struct SessionFollower {
  /// Recorded value → the target's: placeholders of tokens and codes, minted ids.
  private(set) var values: [String: String] = [:]
  /// The 1-based number of the interaction each value was learned at.
  var learnedAt: [String: Int] = [:]
  /// A form field's recorded value → the target's, by field name (a dialog's `fb_dtsg`).
  var formValues: [String: [String: String]] = [:]
  /// Placeholders never replaced by what is learned (a `--secret` gave their value).
  var fixed: Set<String> = []
  /// A minted object's own text, recorded → the target's (`SessionFollower+Texts`).
  var texts: [String: String] = [:]
  /// For each id a write minted, the names of the parameters that write sent.
  var mintedWith: [String: Set<String>] = [:]
  /// The parameters the request being learned from sent, when it is a write.
  var sentNow: Set<String> = []
  private(set) var cursors = CursorFollower()

  /// Ids shorter than this are not followed: `1` would rewrite `limit=1`. **[choice]**
  static let shortestID = 5

  /// Learns what interaction `number` (1-based) minted, from the recorded answer to `request`
  /// and the target's `actual` one.
  mutating func learn(
    request: HTTPRequest, recorded: HTTPResponse, actual: HTTPResponse, number: Int
  ) {
    let write = GraphMethod(name: request.method) == .post
    sentNow = write ? Self.parameterNames(request) : []
    let rj = CassetteVerifier.json(of: recorded).map(VerifyScope.normalized)
    let aj = CassetteVerifier.json(of: actual).map(VerifyScope.normalized)
    cursors.learn(recorded: rj, actual: aj)
    if let rj, let aj {
      align(rj, aj, key: nil, write: write, number: number)
    } else if rj == nil, aj == nil {
      // `access_token=...&expires=...`: the form answer of oauth/access_token before v2.3.
      alignParameters(Self.text(recorded.body), Self.text(actual.body), number: number)
    }
    learnForm(recorded: recorded, actual: actual, number: number)
    if let r = recorded.headers["Location"], let a = actual.headers["Location"] {
      alignParameters(Self.redirectParameters(r), Self.redirectParameters(a), number: number)
    }
  }

  private mutating func align(
    _ recorded: JSONValue, _ actual: JSONValue, key: String?, write: Bool, number: Int
  ) {
    switch (recorded, actual) {
    case (.object(let r), .object(let a)):
      for member in r.members {
        guard let other = a[member.key] else { continue }
        align(member.value, other, key: member.key, write: write, number: number)
      }
      learnTexts(r, a, number: number)
    case (.array(let r), .array(let a)):
      for (old, new) in counterparts(r, a) {
        align(old, new, key: key, write: write, number: number)
      }
    case (.string(let r), .string(let a)) where r != a:
      if Secret.isPlaceholder(r) {
        note(r, a, number)
      } else if write, Self.isID(r), Self.isID(a), key.map(Self.idKeys) ?? true {
        note(r, a, number)
        mintedWith[r] = sentNow
      } else if let ru = URLParts(r), let au = URLParts(a), ru.path == au.path {
        // A login dialog's `login_url`, a paging link: its secrets by parameter name.
        alignParameters(Self.redirectParameters(r), Self.redirectParameters(a), number: number)
      }
    default: break
    }
  }

  /// The recorded items of a list, each with the target's item it answers for: the one with
  /// the same `id` (as learned) when the target lists it, so that a `me/accounts` item's
  /// token is the same Page's whatever the order, else the one at the same index.
  func counterparts(_ recorded: [JSONValue], _ actual: [JSONValue]) -> [(JSONValue, JSONValue)] {
    guard recorded.first?["id"]?.stringValue != nil else { return Array(zip(recorded, actual)) }
    var byID: [String: Int] = [:]
    for (index, item) in actual.enumerated() {
      if let id = item["id"]?.stringValue, byID[id] == nil { byID[id] = index }
    }
    return recorded.enumerated().compactMap { index, item in
      let id = item["id"]?.stringValue.map { values[$0] ?? $0 }
      if let id, let match = byID[id] { return (item, actual[match]) }
      return index < actual.count ? (item, actual[index]) : nil
    }
  }

  private mutating func alignParameters(_ recorded: QueryItems, _ actual: QueryItems, number: Int) {
    for item in recorded where item.value != actual[item.name] {
      guard let new = actual[item.name], !new.isEmpty else { continue }
      if Secret.isPlaceholder(item.value) {
        note(item.value, new, number)
      }
    }
  }

  private mutating func note(_ recorded: String, _ actual: String, _ number: Int) {
    guard !recorded.isEmpty, !fixed.contains(recorded), values[recorded] != actual else { return }
    values[recorded] = actual
    learnedAt[recorded] = number
  }

  /// Keys whose values are ids in an answer to a write: `id`, `post_id`, `user_id`, ...
  static func idKeys(_ key: String) -> Bool { key == "id" || key.hasSuffix("_id") }

  /// `1234567890` or `1234567890_987654321`, at least `shortestID` characters.
  static func isID(_ text: String) -> Bool {
    guard text.utf8.count >= shortestID else { return false }
    let parts = text.split(separator: "_", omittingEmptySubsequences: false)
    return parts.count <= 2
      && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
  }

  /// The query and fragment parameters of a redirect (`#access_token=...&expires_in=...`,
  /// `?code=...`).
  static func redirectParameters(_ url: String) -> QueryItems {
    var items = QueryItems()
    let withoutFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    if let mark = withoutFragment[0].firstIndex(of: "?") {
      items.items +=
        QueryItems(parsing: withoutFragment[0][withoutFragment[0].index(after: mark)...])
        .items
    }
    if withoutFragment.count == 2 { items.items += QueryItems(parsing: withoutFragment[1]).items }
    return items
  }

  /// A body as form parameters when it reads as `name=value&...` text, else none.
  static func text(_ body: [UInt8]) -> QueryItems {
    guard !body.isEmpty, body.count < 64 << 10, let text = String(validating: body, as: UTF8.self),
      text.contains("="), !text.contains("\n")
    else { return QueryItems() }
    return QueryItems(parsing: text)
  }
}
