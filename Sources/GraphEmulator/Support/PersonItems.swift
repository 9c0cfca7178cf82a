/// People as an edge lists them when no `fields` are asked (`{"name":...,"id":...}`), written
/// once per state generation and kept by id: a page of friends copies each friend's bytes
/// instead of finding the person by id, their name among their fields and quoting both again
/// (issue 48). The bytes depend on the person alone (not the viewer, version or edge), and any
/// write starts a new generation. Only used under the emulator's lock.
final class PersonItems: @unchecked Sendable {
  private var generation = -1
  private var items: [String: [UInt8]] = [:]
  /// At most this many people are kept; past it the cache starts over.
  static let capacity = 8192

  /// The item of `id` in generation `generation`: kept, or what `write` gives (kept in turn);
  /// `nil` when `write` gives none (the id is not a person's).
  func item(_ id: String, generation: Int, write: () -> [UInt8]?) -> [UInt8]? {
    if generation != self.generation || items.count >= Self.capacity {
      items.removeAll(keepingCapacity: true)
      self.generation = generation
    }
    if let kept = items[id] { return kept }
    guard let made = write() else { return nil }
    items[id] = made
    return made
  }

  /// How many people are kept.
  var count: Int { items.count }
}
