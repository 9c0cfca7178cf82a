import GraphAPI

/// The emulator's answers to repeated reads, so a client asking the same `GET` again is not
/// parsed, routed and rendered again. Only what is provably the same answer is kept:
///
/// - the request is a plain `GET` and its answer a success (`Outcome.json`), with no throttle
///   set (so `x-app-usage` is the same each time);
/// - answering it changed nothing in the state (`EmulatorState.generation` is the same before
///   and after) and read the clock only to check the token (`EmulatorState.clockReads`);
/// - it is reused only while the state's generation is the one it was made in (any write,
///   login, grant, revocation, reset or throttle change starts a new one) and while the token
///   it was checked with has not expired.
///
/// The key is the whole request (method, URL, headers, body): everything the answer is made
/// from apart from the state. A reused answer gets a fresh `x-fb-trace-id`, exactly as
/// formatting it anew would give; success bodies carry no trace id.
struct AnswerMemo: Sendable {
  struct Entry: Sendable {
    var response: HTTPResponse
    /// The position of `x-fb-trace-id` in the answer's headers.
    var traceHeader: Int
    /// The answer holds while the clock is before this (the token's expiry), when set.
    var validBefore: Int?
  }

  static let capacity = 256
  /// Requests larger than this (URL and body) are not kept.
  static let largestRequest = 4096
  /// Answers with bodies larger than this are not kept (at most 16 MiB held in all).
  static let largestAnswer = 64 * 1024
  private var generation = 0
  /// By URL (hashing the URL alone is cheaper than the whole request), with the whole
  /// request it answers.
  private var entries: [String: (request: HTTPRequest, entry: Entry)] = [:]
  /// How many answers are kept.
  var count: Int { entries.count }
  /// Off only in tests, which compare answers with and without the memo.
  var isEnabled = true

  /// The kept answer to `request` in state generation `generation` at clock `now`.
  mutating func answer(_ request: HTTPRequest, generation: Int, now: Int) -> Entry? {
    guard isEnabled, !entries.isEmpty else { return nil }
    guard generation == self.generation else {
      entries.removeAll()
      return nil
    }
    guard let (kept, entry) = entries[request.url], kept == request else { return nil }
    if let validBefore = entry.validBefore, now >= validBefore { return nil }
    return entry
  }

  /// Keeps `entry` as the answer to `request` in state generation `generation`.
  mutating func keep(_ request: HTTPRequest, _ entry: Entry, generation: Int) {
    guard isEnabled, request.url.utf8.count + request.body.count <= Self.largestRequest,
      entry.response.body.count <= Self.largestAnswer
    else { return }
    if generation != self.generation || entries.count >= Self.capacity {
      entries.removeAll(keepingCapacity: true)
      self.generation = generation
    }
    entries[request.url] = (request, entry)
  }
}

/// Counts reads of the emulator's clock (`EmulatorState.now`), so the answer memo can tell an
/// answer that depends on the time. Only used under the emulator's lock.
final class ClockReads: @unchecked Sendable {
  var count = 0
}

extension GraphEmulator {
  /// Whether repeated reads are answered from `AnswerMemo` (tests turn it off to compare).
  var answerMemoEnabled: Bool {
    get { withState { $0.memo.isEnabled } }
    set { withState { $0.memo.isEnabled = newValue } }
  }

  /// How many answers `AnswerMemo` holds.
  var answerMemoCount: Int { withState { $0.memo.count } }
}
