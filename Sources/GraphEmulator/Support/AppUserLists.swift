/// The friends lists narrowed to people who use the app (v2.0 and later), kept for one state
/// generation: without it, each page of `me/friends` filtered the whole list again, two set
/// lookups per friend (7% of an emulator answer's CPU for the default world's 61 friends,
/// and the whole list per page for a generated person's). Only used under the emulator's
/// lock.
final class AppUserLists: @unchecked Sendable {
  private var generation = -1
  private var lists: [String: EdgeList] = [:]
  private var keptIDs = 0
  /// At most this many ids are kept in all (a list longer than that is filtered each time);
  /// past it, or past `capacity` lists, the cache starts over.
  static let largestKept = 200_000
  static let capacity = 1024

  /// `owner`'s `edge` narrowed by `keep`, from the cache when generation `generation` made it.
  func list(
    owner: String, edge: String, generation: Int, from ids: EdgeList,
    keep: (String) -> Bool
  ) -> EdgeList {
    if generation != self.generation || lists.count >= Self.capacity {
      lists.removeAll(keepingCapacity: true)
      keptIDs = 0
      self.generation = generation
    }
    let key = owner + "/" + edge
    if let kept = lists[key] { return kept }
    let narrowed = EdgeList(ids.filter(keep))
    guard narrowed.count <= Self.largestKept else { return narrowed }
    if keptIDs + narrowed.count > Self.largestKept {
      lists.removeAll(keepingCapacity: true)
      keptIDs = 0
    }
    lists[key] = narrowed
    keptIDs += narrowed.count
    return narrowed
  }
}
