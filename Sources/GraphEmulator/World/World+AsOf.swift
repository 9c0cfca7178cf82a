/// What existed when: in a world whose clock is the recording's (`RecordedPaging.asOfClock`),
/// an edge read at a time lists only the items that had come to be by then (issue 42). A world
/// made `--from` a recording holds what every answer showed, so a feed read 27 days before
/// another would otherwise list the posts made in between. **[choice]**: no
/// source says how Graph dates an item; an item came to be at its `created_time`, and a post
/// whose answers showed only `updated_time` (a feed read without `fields`) at that time. The
/// default world's items and those the emulator makes are dated at or before its clock, so
/// their edges do not change.
extension World {
  /// When `node` came to be: its `created_time`, else a post's `updated_time`; `nil` when the
  /// world does not say.
  static func cameToBe(_ node: Node) -> Int? {
    if let created = node.string("created_time") { return NodeRenderer.parseTime(created) }
    guard node.type == .post, let updated = node.string("updated_time") else { return nil }
    return NodeRenderer.parseTime(updated)
  }

  /// Whether `id` had come to be at `time` (an item the world does not date always had).
  func existed(_ id: String, at time: Int) -> Bool {
    guard let node = nodes[id], let since = Self.cameToBe(node) else { return true }
    return since <= time
  }

  /// The time edges are read as of at `now`: `now` while an item of a world whose clock is the
  /// recording's came to be later (`RecordedPaging.latestItemTime`), else `nil` (every item
  /// is listed).
  func asOf(_ now: Int) -> Int? {
    guard let latest = paging.latestItemTime, latest > now else { return nil }
    return now
  }
}
