import Foundation
import GraphAPI

/// Runs transfers on threads of its own, at most `limit` at once: later ones wait in order and
/// start on the thread of one that ends. A blocking `curl_easy_perform` then never holds
/// Swift's cooperative threads, nor another transfer.
///
/// A thread whose transfer ends waits up to `idleTime` for the next one before it exits, so a
/// steady stream of requests (`serve --record` under a test suite) does not start and end a
/// thread for each (issue 48).
final class TransferPool: Sendable {
  private let limit: Int
  private let idleTime: Duration
  private let state = Locked(State())
  /// Signalled once for each idle thread handed a transfer.
  private let wake = DispatchSemaphore(value: 0)

  /// How long a thread with nothing to do waits for work before it exits. **[choice]**
  static let defaultIdleTime: Duration = .seconds(5)

  private struct State {
    /// Threads alive, busy or idle.
    var running = 0
    /// Idle threads not yet handed a transfer.
    var idle = 0
    /// Threads started so far (tests read it).
    var started = 0
    /// Transfers waiting for a thread, oldest first from `head` (taken in O(1); the taken part
    /// is dropped once it is half the array).
    var waiting: [(@Sendable () -> Void)?] = []
    var head = 0

    mutating func next() -> (@Sendable () -> Void)? {
      guard head < waiting.count else { return nil }
      let job = waiting[head]
      waiting[head] = nil
      head += 1
      if head == waiting.count {
        waiting.removeAll(keepingCapacity: true)
        head = 0
      } else if head > 64, head * 2 > waiting.count {
        waiting.removeFirst(head)
        head = 0
      }
      return job
    }
  }

  init(limit: Int, idleTime: Duration = TransferPool.defaultIdleTime) {
    self.limit = limit
    self.idleTime = idleTime
  }

  /// Threads started so far, and those alive now (tests read them).
  var threadsStarted: Int { state.withLock { $0.started } }
  var threadsAlive: Int { state.withLock { $0.running } }

  func run(_ work: @escaping @Sendable () -> Void) {
    enum Start { case wake, thread, wait }
    let start = state.withLock { state -> Start in
      state.waiting.append(work)
      if state.idle > 0 {
        state.idle -= 1
        return .wake
      }
      guard state.running < limit else { return .wait }
      state.running += 1
      state.started += 1
      return .thread
    }
    switch start {
    case .wake: wake.signal()
    case .wait: break
    case .thread:
      let thread = Thread { [self] in serve() }
      thread.name = "graph-explorer curl transfer"
      thread.start()
    }
  }

  /// A thread's life: the transfers waiting, then, idle, those it is handed, until it has
  /// waited `idleTime` for none.
  private func serve() {
    while true {
      // The next transfer, or this thread counted idle, in one step: a transfer queued between
      // the two would find no idle thread to wake and wait for one that is about to sleep.
      let job = state.withLock { state -> (@Sendable () -> Void)? in
        if let job = state.next() { return job }
        state.idle += 1
        return nil
      }
      if let job {
        job()
        continue
      }
      let seconds = Double(idleTime.components.seconds)
      let fraction = Double(idleTime.components.attoseconds) / 1e18
      if wake.wait(timeout: .now() + seconds + fraction) == .success { continue }
      // Timed out: leave, unless every idle thread (this one too) was handed a transfer
      // meanwhile, whose signal is then this thread's to take.
      let leaves = state.withLock { state -> Bool in
        guard state.idle > 0 else { return false }
        state.idle -= 1
        state.running -= 1
        return true
      }
      if leaves { return }
      wake.wait()
    }
  }
}
