/// The ids of one recorded edge in the order Graph listed them, with a set beside them so that
/// adding an item costs the same however long the list is (`world --from` stays linear in the
/// items of one edge, issue 48).
struct RecordedEdgeList {
  private(set) var ids: [String] = []
  private var members: Set<String> = []

  init(_ ids: [String] = []) {
    for id in ids { append(id) }
  }

  /// Adds `id` at the end unless it is listed already.
  mutating func append(_ id: String) {
    if members.insert(id).inserted { ids.append(id) }
  }

  /// Adds the ids one answer `listed`, keeping the order it shows: an id not yet listed goes
  /// just before the first already-listed id the answer shows after it (a later read of a feed
  /// lists first what was posted since the earlier one), else at the end (a later page). The
  /// ids already listed keep their order. The list is rebuilt at most once an answer.
  mutating func merge(_ listed: [String]) {
    var run: [String] = []
    var before: [String: [String]] = [:]
    var fresh: Set<String> = []
    for id in listed {
      if members.contains(id) {
        if !run.isEmpty { before[id, default: []] += run }
        run = []
      } else if fresh.insert(id).inserted {
        run.append(id)
      }
    }
    members.formUnion(fresh)
    if !before.isEmpty {
      var merged: [String] = []
      merged.reserveCapacity(ids.count + fresh.count)
      for id in ids {
        if let earlier = before[id] { merged += earlier }
        merged.append(id)
      }
      ids = merged
    }
    ids += run
  }

  func contains(_ id: String) -> Bool { members.contains(id) }
}
