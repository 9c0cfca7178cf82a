#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value and the lock that guards it: the value is reached only inside `withLock`, so no code
/// can touch it unlocked (swift-nio's `NIOLockedValueBox`).
///
/// A `pthread_mutex_t` rather than `Synchronization.Mutex`: on Linux, `Mutex` hands a contended
/// lock over through priority-inheriting futex calls that ThreadSanitizer cannot see, so TSan
/// (which CI runs over the whole suite) reports every value such a lock guards as a data race
/// once two threads contend for it. TSan intercepts `pthread_mutex_lock`, so its checks of what
/// this lock guards keep their meaning.
package final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// A lock guarding `value`.
  package init(_ value: Value) {
    self.value = value
    mutex = UnsafeMutablePointer.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value, the lock held; the lock is released however `body` ends.
  /// `body` must not take this lock again.
  @inline(__always)
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
