import Foundation
import GraphJSON
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Syncs a cassette's appends together instead of one `fdatasync` each (group commit, as
/// SQLite's WAL with `synchronous=NORMAL` or PostgreSQL's `commit_delay`): an append only marks
/// the file dirty and wakes a thread of its own, which waits `window`, then syncs everything
/// written by then in one call. `close()` syncs what is left before it returns.
///
/// What a failure can lose: a process killed (`kill -9`, a crash) loses nothing whose append
/// had returned, since the bytes are in the kernel already; a power loss or a system crash
/// loses at most the appends of the last `window` and the sync itself.
///
/// Lock-free on the writer's side (an atomic flag and one byte down a pipe), so a forked child
/// that goes on appending, where the thread does not exist, never waits on a lock the parent
/// held at the fork.
final class GroupCommit: Sendable {
  /// How long written bytes may wait for their sync. **[choice]**: 100 ms, a tenth of the
  /// second a person notices, and the point where syncs stop showing in the cost of recording
  /// on this disk (13-27 ms each).
  static let defaultWindow: Duration = .milliseconds(100)

  private let fd: Int32
  private let wake: (read: Int32, write: Int32)
  private let window: Duration
  private let dirty = Atomic<Bool>(false)
  private let closed = Atomic<Bool>(false)
  private let syncs = Atomic<Int>(0)
  /// The last sync's failure (`strerror`), reported at the next append or at `close()`.
  private let failure = Mutex<String?>(nil)

  /// Syncs `fd` (duplicated: the caller keeps and closes its own) at most `window` after each
  /// write; `nil` when the descriptor, the pipe or the thread cannot be had (the caller then
  /// syncs each write itself).
  init?(syncing fd: Int32, window: Duration = GroupCommit.defaultWindow) {
    let own = dup(fd)
    guard own >= 0 else { return nil }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else {
      closeDescriptor(own)
      return nil
    }
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(pipeEnds[1], F_SETFL, O_NONBLOCK)
    self.fd = own
    self.wake = (pipeEnds[0], pipeEnds[1])
    self.window = window
    // The thread holds the commit until `close()` ends it.
    guard DetachedThread.start({ [self] in run() }) else {
      for end in [pipeEnds[0], pipeEnds[1], own] { closeDescriptor(end) }
      return nil
    }
  }

  /// How many syncs have run (tests read it).
  var syncCount: Int { syncs.load(ordering: .acquiring) }

  /// Notes that bytes were written; the thread syncs them within `window`.
  ///
  /// - Returns: the failure of an earlier sync, if one failed (then the caller reports it).
  func written() -> String? {
    if let failed = failure.withLock({ $0 }) { return failed }
    if !dirty.exchange(true, ordering: .acquiringAndReleasing) {
      var one: UInt8 = 1
      _ = write(wake.write, &one, 1)
    }
    return nil
  }

  /// Syncs everything written so far before it returns (whether or not the thread is syncing
  /// at this moment), keeping the thread for later writes.
  ///
  /// - Returns: the failure of this or an earlier sync, if any.
  func flush() -> String? {
    dirty.store(false, ordering: .releasing)
    sync()
    return failure.withLock { $0 }
  }

  /// Syncs whatever is unsynced now and stops the thread; later calls do nothing, and the
  /// commit takes no more writes.
  ///
  /// - Returns: the failure of this or an earlier sync, if any.
  @discardableResult
  func close() -> String? {
    guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
    syncNow()
    // The thread reads end-of-file, closes its ends and returns.
    closeDescriptor(wake.write)
    return failure.withLock { $0 }
  }

  private func run() {
    var byte: UInt8 = 0
    while true {
      let n = read(wake.read, &byte, 1)
      if n < 0, errno == EINTR { continue }
      if n <= 0 { break }
      let (seconds, attoseconds) = window.components
      var pause = timespec(
        tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
      var left = timespec()
      while nanosleep(&pause, &left) != 0, errno == EINTR { pause = left }
      syncNow()
    }
    closeDescriptor(wake.read)
    closeDescriptor(fd)
  }

  private func syncNow() {
    guard dirty.exchange(false, ordering: .acquiringAndReleasing) else { return }
    sync()
  }

  private func sync() {
    let result = fdatasync(fd)
    syncs.add(1, ordering: .relaxed)
    if result != 0 {
      let reason = String(cString: strerror(errno))
      failure.withLock { $0 = $0 ?? reason }
    }
  }
}

private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
