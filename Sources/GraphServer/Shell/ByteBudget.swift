import Foundation

/// Bytes held over all connections of a server against a limit: the request bodies being read
/// (`Configuration.maxBodyBytesInFlight`) and the answers waiting for slow clients to read them
/// (`Configuration.maxAnswerBytesInFlight`). Shared by the I/O threads; touched only by
/// requests that have a body and answers that did not go out in one write.
final class ByteBudget: @unchecked Sendable {
  let limit: Int
  private let lock = NSLock()
  private var held = 0

  init(limit: Int) {
    self.limit = limit
  }

  /// Changes a connection's share from `old` to `new` bytes; `false` (and no change) when a
  /// growth would go past the limit, unless `force` (bytes already in memory).
  func change(from old: Int, to new: Int, force: Bool = false) -> Bool {
    guard old != new else { return true }
    return lock.withLock {
      if new > old, !force, held - old + new > limit { return false }
      held += new - old
      return true
    }
  }

  /// The bytes held now.
  var bytesHeld: Int { lock.withLock { held } }
}
