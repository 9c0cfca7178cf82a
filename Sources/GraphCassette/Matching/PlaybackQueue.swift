import GraphAPI

/// The replay state machine: which recorded interactions answer which requests, and which have
/// been played. Identical requests get their recorded answers in recorded order.
///
/// Lookups go through a hash index of the requests' keys, so matching costs the same for ten
/// interactions or ten thousand. An unmatched request is explained by the closest of at most
/// `closestMatchBudget` recorded requests, those with its path first (an index by path finds
/// them), and the explanation is kept for identical misses: a miss costs bounded time however
/// large the cassette.
struct PlaybackQueue: Sendable {
  /// The most recorded requests scored to explain one miss.
  static let closestMatchBudget = 1_000
  /// The most explanations kept for repeated misses.
  static let missCacheSize = 1_024
  let cassette: Cassette
  let matchers: MatcherSet
  /// Replay the last matching answer again once all have been played.
  let allowRepeats: Bool
  private var keys: [RequestKey] = []
  /// Each distinct request (as matching sees it) gets an id: its answers are `candidates[id]`,
  /// `cursors[id]` of them played.
  private var ids: [RequestKey: Int] = [:]
  private var candidates: [[Int]] = []
  private var cursors: [Int] = []
  /// Requests as they arrived (what `RequestKey` reads of them) to their id, so a repeated
  /// request is matched without being parsed again.
  private var seen: [RawRequest: Int] = [:]
  static let seenCacheSize = 4_096
  /// Interactions by path, in recorded order: the first candidates to explain a miss.
  private var byPath: [String: [Int]] = [:]
  private var missCache: [RequestKey: (closest: String?, differences: [String])] = [:]
  /// How many recorded requests the last explained miss scored (for tests).
  private(set) var lastMissScored = 0
  private(set) var played: [Bool]

  init(cassette: Cassette, matchers: MatcherSet, allowRepeats: Bool = false) {
    self.cassette = cassette
    self.matchers = matchers
    self.allowRepeats = allowRepeats
    played = Array(repeating: false, count: cassette.interactions.count)
    keys.reserveCapacity(cassette.interactions.count)
    for (i, interaction) in cassette.interactions.enumerated() {
      let key = RequestKey(interaction.request)
      keys.append(key)
      let masked = key.masked(matchers)
      if let id = ids[masked] {
        candidates[id].append(i)
      } else {
        ids[masked] = candidates.count
        candidates.append([i])
      }
      byPath[key.path, default: []].append(i)
    }
    cursors = Array(repeating: 0, count: candidates.count)
  }

  /// The index of the interaction that answers `request`, marking it played.
  ///
  /// - Throws: `.exhausted` when every matching answer has been played, `.noMatch` naming the
  ///   closest recorded request and what differed when none matches.
  /// - Complexity: O(1) expected for a match; O(n) to explain a miss.
  mutating func next(for request: HTTPRequest) throws(CassetteError) -> Int {
    let raw = RawRequest(request)
    let id: Int
    if let known = seen[raw] {
      id = known
    } else {
      let key = RequestKey(request)
      let masked = key.masked(matchers)
      guard let found = ids[masked] else {
        let cached = missCache[masked]
        if cached != nil { lastMissScored = 0 }
        let explained = cached ?? explainMiss(key: key)
        if cached == nil {
          if missCache.count >= Self.missCacheSize { missCache.removeAll(keepingCapacity: true) }
          missCache[masked] = explained
        }
        throw .noMatch(
          request: RequestSummary.text(request), closest: explained.closest,
          differences: explained.differences)
      }
      id = found
      if seen.count >= Self.seenCacheSize { seen.removeAll(keepingCapacity: true) }
      seen[raw] = id
    }
    let list = candidates[id]
    let cursor = cursors[id]
    if cursor < list.count {
      cursors[id] = cursor + 1
      played[list[cursor]] = true
      return list[cursor]
    }
    if allowRepeats, let last = list.last { return last }
    throw .exhausted(request: RequestSummary.text(request), played: list)
  }

  /// Indices of the interactions never played.
  var unplayed: [Int] { played.indices.filter { !played[$0] } }

  /// The closest recorded request to `key` (within the budget) and how it differs.
  private mutating func explainMiss(key: RequestKey) -> (closest: String?, differences: [String]) {
    var best: Int?
    var bestScore = Int.min
    var scored = 0
    func consider(_ i: Int) {
      scored += 1
      let score = MatchExplainer.closeness(keys[i], key, matchers: matchers)
      if score > bestScore || score == bestScore && i < best ?? .max {
        best = i
        bestScore = score
      }
    }
    let samePath = byPath[key.path] ?? []
    for i in samePath.prefix(Self.closestMatchBudget) { consider(i) }
    var i = 0
    while scored < Self.closestMatchBudget, i < keys.count {
      if keys[i].path != key.path { consider(i) }
      i += 1
    }
    lastMissScored = scored
    guard let best else { return (nil, []) }
    let differences = MatchExplainer.differences(
      recorded: keys[best], sent: key, matchers: matchers)
    return (
      "#\(best) \(cassette.interactions[best].summary)",
      differences.isEmpty ? ["no matcher differs"] : differences
    )
  }
}

/// What `RequestKey` reads of a request, compared as it arrived.
private struct RawRequest: Hashable {
  var method: String
  var url: String
  var contentType: String?
  var body: [UInt8]

  init(_ request: HTTPRequest) {
    method = request.method
    url = request.url
    contentType = request.headers["Content-Type"]
    body = request.body
  }
}
