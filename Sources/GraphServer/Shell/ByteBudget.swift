import Synchronization

/// Bytes held over all connections of a server against a limit: the request bodies being read
/// (`Configuration.maxBodyBytesInFlight`) and the answers waiting for slow clients to read them
/// (`Configuration.maxAnswerBytesInFlight`). Shared by the I/O threads without a lock: every
/// request reads it (`bytesHeld`), so a read is one atomic load.
final class ByteBudget: Sendable {
  let limit: Int
  private let held = Atomic<Int>(0)

  init(limit: Int) {
    self.limit = limit
  }

  /// Changes a connection's share from `old` to `new` bytes; `false` (and no change) when a
  /// growth would go past the limit, unless `force` (bytes already in memory).
  func change(from old: Int, to new: Int, force: Bool = false) -> Bool {
    let delta = new - old
    guard delta > 0, !force else {
      if delta != 0 { held.wrappingAdd(delta, ordering: .relaxed) }
      return true
    }
    var current = held.load(ordering: .relaxed)
    while current + delta <= limit {
      let (exchanged, original) = held.compareExchange(
        expected: current, desired: current + delta, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
    return false
  }

  /// The bytes held now.
  var bytesHeld: Int { held.load(ordering: .relaxed) }
}
