import Foundation

/// The request-body bytes held over all connections of a server, against
/// `Configuration.maxBodyBytesInFlight`. Shared by the I/O threads; touched only by requests
/// that have a body.
final class BodyBudget: @unchecked Sendable {
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
