/// The ids of one recorded edge in the order they were first listed, with a set beside them so
/// that adding an item costs the same however long the list is (`world --from` stays linear in
/// the items of one edge, issue 48).
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

  func contains(_ id: String) -> Bool { members.contains(id) }
}
