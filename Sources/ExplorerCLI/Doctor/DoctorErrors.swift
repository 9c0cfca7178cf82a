import GraphAPI
import GraphJSON

/// Every error answer in a session (each batch item on its own), explained as `explain` does
/// and grouped by cause, with what the iOS SDK 3.x does next and what the app did next.
struct DoctorErrors {
  /// What the recording shows the app did after an error.
  enum AppNext: String, CaseIterable {
    case retriedSameCall = "retried the same call"
    case loggedInAgain = "logged in again"
    case switchedToken = "went on with another token"
    case keptGoingWithDeadToken = "kept going with a dead token"
    case movedOn = "went on to other calls"
    case gaveUp = "gave up (the recording ends)"

    /// The key `--json` writes.
    var key: String {
      switch self {
      case .retriedSameCall: return "retried_same_call"
      case .loggedInAgain: return "logged_in_again"
      case .switchedToken: return "switched_token"
      case .keptGoingWithDeadToken: return "kept_going_with_dead_token"
      case .movedOn: return "moved_on"
      case .gaveUp: return "gave_up"
      }
    }
  }

  /// The errors of one cause.
  struct Group {
    /// `190/463`, `200`, `HTTP 502`.
    var cause: String
    var explanation: AnswerExplanation
    var count = 0
    var interactions: [Int] = []
    /// Batch items among them: `#3[1]` (interaction, item index).
    var batchItems: [String] = []
    var appNext: [AppNext: Int] = [:]
  }

  /// At most this many causes are kept apart; errors of any others are grouped as `other`.
  static let groupLimit = 200

  private(set) var groups: [String: Group] = [:]
  private(set) var order: [String] = []
  /// Errors whose next call has not been seen yet.
  private var pending: [(cause: String, call: PendingCall)] = []
  /// Tokens known to be dead (from `DoctorIdentities.deathReason`).
  private var deadTokens: Set<String> = []
  /// What the session deleted, and its reads of it: notes, not errors.
  private(set) var deletions = DoctorDeletions()

  /// What is kept of a failed call to judge the next one.
  struct PendingCall {
    var key: String
    var token: String?
    var reopen: Bool
  }

  /// Reads one call: first judges the errors still waiting for a next call, then records its
  /// own; `identities` (with `call` already read) says whose each token is and where it came from.
  mutating func add(_ call: DoctorCall, identities: DoctorIdentities) {
    if !pending.isEmpty {
      for (cause, failed) in pending {
        let next = Self.next(after: failed, call: call, dead: deadTokens, identities: identities)
        groups[cause]?.appNext[next, default: 0] += 1
      }
      pending.removeAll(keepingCapacity: true)
    }
    var recorded = Set<String>()
    for answer in call.answers {
      guard answer.failed, !deletions.readsDeleted(call, answer) else { continue }
      let explanation = AnswerExplanation(response: answer.response)
      guard explanation.sdk.error != nil || explanation.error != nil else { continue }
      var cause =
        explanation.error.map { error in
          error.code == nil ? "HTTP \(answer.response.status)" : error.codeLabel
        } ?? "HTTP \(answer.response.status)"
      // A file with endless distinct codes keeps a bounded number of groups.
      if groups[cause] == nil, groups.count >= Self.groupLimit { cause = "other" }
      if groups[cause] == nil {
        order.append(cause)
        groups[cause] = Group(cause: cause, explanation: explanation)
      }
      groups[cause]!.count += 1
      if groups[cause]!.interactions.last != call.number,
        groups[cause]!.interactions.count < DoctorFinding.shownInteractions
      {
        groups[cause]!.interactions.append(call.number)
      }
      if let item = answer.item, groups[cause]!.batchItems.count < 10 {
        groups[cause]!.batchItems.append(
          "#\(call.number)[\(item)]" + (answer.itemRequest.map { " \($0)" } ?? ""))
      }
      let reopen = explanation.sdk.category == .authenticationReopenSession
      if reopen, let token = call.token,
        let code = explanation.error?.code, code == 190 || code == 102,
        DoctorIdentities.deathReason(subcode: explanation.error?.subcode) != nil
      {
        deadTokens.insert(token)
      }
      if recorded.insert(cause).inserted {
        pending.append((cause, PendingCall(key: call.key, token: call.token, reopen: reopen)))
      }
    }
    deletions.learn(call)
  }

  /// After the last call: errors with no call after them were given up on.
  mutating func finish() {
    for (cause, _) in pending { groups[cause]?.appNext[.gaveUp, default: 0] += 1 }
    pending.removeAll()
  }

  /// What `call`, the one after `failed`, shows the app did. Another token is a new login only
  /// where the session shows one (a token call, a dialog, a token they issued, the same person);
  /// a new test user's token or one made elsewhere is "went on with another token" (issue 45).
  static func next(
    after failed: PendingCall, call: DoctorCall, dead: Set<String>, identities: DoctorIdentities
  ) -> AppNext {
    let another = call.token.flatMap { $0 == failed.token ? nil : $0 }
    if call.key == failed.key, another == nil { return .retriedSameCall }
    if call.isLogin { return .loggedInAgain }
    if let another, identities.isNewLogin(another, replacing: failed.token) {
      return .loggedInAgain
    }
    if call.key == failed.key { return .switchedToken }
    if let token = call.token, dead.contains(token) { return .keptGoingWithDeadToken }
    if failed.reopen, another != nil { return .switchedToken }
    return .movedOn
  }
}
