import GraphAPI

/// What the session itself deleted, and the later calls that read it back (issue 42): Graph
/// answers an object deleted earlier with error 100 (subcode 33), as it answers one that never
/// existed, so such a read is what the session did, not a fault of the app or of Graph.
/// `doctor` says "#9 reads what #8 deleted" as a note instead of grouping it with the errors.
struct DoctorDeletions {
  /// The object a call or batch item names: its method, the id first in its path, and
  /// whether the path is that id alone (not one of its edges).
  struct Target {
    var method: String
    var id: String
    var alone: Bool
  }

  /// Deleted id → the call that deleted it (`#8`, a batch item `#8[0]`).
  private(set) var deletedBy: [String: String] = [:]
  /// The first `shownLimit` reads of deleted objects, in order, each as the note says it:
  /// `#9 reads what #8 deleted (100/33)` (a batch item as `#3[1]`; `deletes again`, `writes to`).
  private(set) var reads: [String] = []
  /// The calls (numbers) they are in, at most `DoctorFinding.shownInteractions`.
  private(set) var interactions: [Int] = []
  /// How many reads of deleted objects in all.
  private(set) var count = 0

  /// At most this many deleted ids are kept: memory stays bounded on any session. **[choice]**
  static let keptLimit = 10_000
  /// At most this many reads are named one by one.
  static let shownLimit = 20

  /// The object `path` names first (`10152_9000` of `DELETE 10152_9000` or of
  /// `GET 10152_9000/comments?limit=2`), after the version; `nil` for `me` and `{result=}`.
  static func object(method: String, path: String) -> Target? {
    let bare = path.split(separator: "?", maxSplits: 1).first ?? ""
    var components = bare.split(separator: "/").map(String.init)
    if let first = components.first, first.first == "v", first.contains(".") {
      components.removeFirst()
    }
    guard let id = components.first, id != "me", id.first != "{" else { return nil }
    return Target(method: method.uppercased(), id: id, alone: components.count == 1)
  }

  /// What a call that failed on a deleted object did to it.
  static func verb(_ method: String) -> String {
    switch method {
    case "DELETE": return "deletes again"
    case "GET": return "reads"
    default: return "writes to"
    }
  }

  /// The answer `answer` of `call` read what an earlier call deleted: it is noted (and `true`
  /// returned) when it failed with error 100 on an id a DELETE answered with success before.
  mutating func readsDeleted(_ call: DoctorCall, _ answer: DoctorCall.Answer) -> Bool {
    guard let error = answer.error, error.code == 100, !deletedBy.isEmpty,
      let target = Self.target(call, answer), let deleter = deletedBy[target.id]
    else { return false }
    count += 1
    if reads.count < Self.shownLimit {
      let reader = "#\(call.number)" + (answer.item.map { "[\($0)]" } ?? "")
      reads.append(
        "\(reader) \(Self.verb(target.method)) what \(deleter) deleted (\(error.codeLabel))")
    }
    if interactions.last != call.number, interactions.count < DoctorFinding.shownInteractions {
      interactions.append(call.number)
    }
    return true
  }

  /// Notes what `call` deleted: a DELETE of one id (alone or a batch item) answered without
  /// an error.
  mutating func learn(_ call: DoctorCall) {
    for answer in call.answers where !answer.failed {
      guard let target = Self.target(call, answer), target.method == "DELETE", target.alone,
        deletedBy[target.id] == nil, deletedBy.count < Self.keptLimit
      else { continue }
      deletedBy[target.id] = "#\(call.number)" + (answer.item.map { "[\($0)]" } ?? "")
    }
  }

  /// The method and object of the whole call, or of one batch item (`GET 10152_9000`).
  private static func target(_ call: DoctorCall, _ answer: DoctorCall.Answer) -> Target? {
    guard answer.item != nil else { return object(method: call.method, path: call.path) }
    guard let request = answer.itemRequest, let space = request.firstIndex(of: " ") else {
      return nil
    }
    return object(
      method: String(request[..<space]), path: String(request[request.index(after: space)...]))
  }
}
