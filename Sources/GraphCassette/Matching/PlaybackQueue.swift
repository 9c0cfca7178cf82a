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
  /// The cassette with the interactions decoded so far (all of them when it was given whole).
  private var decoded: Cassette
  /// Where the rest of the interactions come from, for a file read as it is replayed; nil
  /// once they are all decoded.
  private var source: LazyCassette?
  /// Why reading the rest failed: thrown to every later request.
  private var failure: CassetteError?
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
  private(set) var played: [Bool] = []

  init(cassette: Cassette, matchers: MatcherSet, allowRepeats: Bool = false) {
    self.matchers = matchers
    self.allowRepeats = allowRepeats
    decoded = cassette
    keys.reserveCapacity(cassette.interactions.count)
    played.reserveCapacity(cassette.interactions.count)
    for (i, interaction) in cassette.interactions.enumerated() { index(interaction.request, at: i) }
  }

  /// A queue over a file read as it is replayed: an interaction is decoded when matching
  /// reaches it, so that a request answered by the `i`th recorded interaction decodes `i + 1`
  /// of them at most (a miss decodes them all, as it must to be a miss).
  init(source: LazyCassette, matchers: MatcherSet, allowRepeats: Bool = false) {
    self.matchers = matchers
    self.allowRepeats = allowRepeats
    decoded = source.shell
    self.source = source
  }

  /// Indexes the request of interaction `i`, the next in recorded order.
  private mutating func index(_ request: HTTPRequest, at i: Int) {
    played.append(false)
    let key = RequestKey(request, matching: matchers)
    keys.append(key)
    let masked = key.masked(matchers)
    if let id = ids[masked] {
      candidates[id].append(i)
    } else {
      ids[masked] = candidates.count
      candidates.append([i])
      cursors.append(0)
    }
    byPath[key.path, default: []].append(i)
  }

  /// Decodes and indexes one more interaction from the source; false when there is none.
  ///
  /// - Throws: the source's error, again on each later call.
  private mutating func readOne() throws(CassetteError) -> Bool {
    if let failure { throw failure }
    guard let source else { return false }
    do {
      guard let interaction = try source.next(after: decoded.interactions) else {
        decoded.tornTailBytes = source.tornTailBytes
        self.source = nil
        return false
      }
      decoded.interactions.append(interaction)
      index(interaction.request, at: decoded.interactions.count - 1)
      return true
    } catch {
      failure = error
      self.source = nil
      throw error
    }
  }

  /// The whole cassette: for a file read as it is replayed, the rest is read first (when
  /// that fails, the interactions before the failure, which the next request throws).
  var cassette: Cassette {
    mutating get {
      while (try? readOne()) == true {}
      return decoded
    }
  }

  /// How many interactions are decoded (for tests: a file read as it is replayed decodes
  /// them as matching reaches them).
  var decodedCount: Int { decoded.interactions.count }

  /// The recorded interaction at `index`, once matching has reached it.
  func interaction(at index: Int) -> Interaction { decoded.interactions[index] }

  /// The index of the interaction that answers `request`, marking it played.
  ///
  /// - Throws: `.exhausted` when every matching answer has been played, `.noMatch` naming the
  ///   closest recorded request and what differed when none matches.
  /// - Complexity: O(1) expected for a match; O(n) to explain a miss.
  mutating func next(for request: HTTPRequest) throws(CassetteError) -> Int {
    if let failure { throw failure }
    let raw = RawRequest(request)
    let id: Int
    if let known = seen[raw] {
      id = known
    } else {
      let key = RequestKey(request, matching: matchers)
      let masked = key.masked(matchers)
      while ids[masked] == nil, try readOne() {}
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
          differences: explained.differences + meaningNote)
      }
      id = found
      if seen.count >= Self.seenCacheSize { seen.removeAll(keepingCapacity: true) }
      seen[raw] = id
    }
    while cursors[id] >= candidates[id].count, try readOne() {}
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

  /// What a miss says when requests are matched by meaning: what was left out.
  private var meaningNote: [String] {
    guard matchers.contains(.semantic) else { return [] }
    return [
      "matched by meaning (--match semantic: version prefix, parameter place and encoding, and "
        + RequestKey.bookkeeping.joined(separator: ", ") + " ignored)"
    ]
  }

  /// Indices of the interactions never played (for a file read as it is replayed, the rest
  /// is read first).
  var unplayed: [Int] {
    mutating get {
      while (try? readOne()) == true {}
      return played.indices.filter { !played[$0] }
    }
  }

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
      "#\(best + 1) \(decoded.interactions[best].summary)",
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
