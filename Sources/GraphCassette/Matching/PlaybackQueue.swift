import GraphAPI

/// The replay state machine: which recorded interactions answer which requests, and which have
/// been played. Identical requests get their recorded answers in recorded order.
///
/// Lookups go through a hash index of the requests' keys, so matching costs the same for ten
/// interactions or ten thousand; only an unmatched request scans the cassette, to explain.
struct PlaybackQueue: Sendable {
  let cassette: Cassette
  let matchers: MatcherSet
  /// Replay the last matching answer again once all have been played.
  let allowRepeats: Bool
  private var keys: [RequestKey] = []
  private var index: [RequestKey: [Int]] = [:]
  private var cursors: [RequestKey: Int] = [:]
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
      index[key.masked(matchers), default: []].append(i)
    }
  }

  /// The index of the interaction that answers `request`, marking it played.
  ///
  /// - Throws: `.exhausted` when every matching answer has been played, `.noMatch` naming the
  ///   closest recorded request and what differed when none matches.
  /// - Complexity: O(1) expected for a match; O(n) to explain a miss.
  mutating func next(for request: HTTPRequest) throws(CassetteError) -> Int {
    let key = RequestKey(request)
    let masked = key.masked(matchers)
    guard let candidates = index[masked] else {
      throw explainMiss(request: request, key: key)
    }
    let cursor = cursors[masked] ?? 0
    if cursor < candidates.count {
      cursors[masked] = cursor + 1
      played[candidates[cursor]] = true
      return candidates[cursor]
    }
    if allowRepeats, let last = candidates.last { return last }
    throw .exhausted(request: RequestSummary.text(request), played: candidates)
  }

  /// Indices of the interactions never played.
  var unplayed: [Int] { played.indices.filter { !played[$0] } }

  private func explainMiss(request: HTTPRequest, key: RequestKey) -> CassetteError {
    var best: Int?
    var bestScore = Int.min
    for (i, recorded) in keys.enumerated() {
      let score = MatchExplainer.closeness(recorded, key, matchers: matchers)
      if score > bestScore {
        best = i
        bestScore = score
      }
    }
    guard let best else {
      return .noMatch(request: RequestSummary.text(request), closest: nil, differences: [])
    }
    let differences = MatchExplainer.differences(
      recorded: keys[best], sent: key, matchers: matchers)
    return .noMatch(
      request: RequestSummary.text(request),
      closest: "#\(best) \(cassette.interactions[best].summary)",
      differences: differences.isEmpty ? ["no matcher differs"] : differences)
  }
}
