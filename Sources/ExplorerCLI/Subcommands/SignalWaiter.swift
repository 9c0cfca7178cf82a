import CSystem
import Foundation
import GraphAPI
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The write end of the pipe the signal handler writes to; -1 when no waiter listens.
private let signalPipe = Atomic<Int32>(-1)

/// Waits for the first of some signals. A process-wide `sigaction` handler writes the signal's
/// number to a pipe (`write` is async-signal-safe) and a thread of its own reads it, so the
/// signal is heard whichever thread the kernel delivers it to. (Dispatch signal sources on
/// Linux read a `signalfd` that sees a signal only while every thread blocks it; set to
/// ignored meanwhile, a SIGTERM delivered to another thread was lost and `serve` ran on.)
/// After the first one, the signals get their default action back: a second Ctrl-C ends the
/// process at once. One waiter at a time.
final class SignalWaiter: Sendable {
  private let watched: [Int32]
  /// The pipe's write end, -1 when it could not be made.
  private let writeEnd: Int32
  private let state = Locked(State())

  private struct State {
    var received: Int32?
    var continuation: CheckedContinuation<Int32, Never>?
    var cancelled = false
  }

  init(signals: [Int32]) {
    watched = signals
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      writeEnd = -1
      return
    }
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    // The handler must never block: a full pipe already holds a signal to act on.
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    writeEnd = ends[1]
    signalPipe.store(ends[1], ordering: .sequentiallyConsistent)
    for number in signals {
      _ = ge_install_signal_handler(number) { signo in
        var byte = UInt8(truncatingIfNeeded: signo)
        _ = write(signalPipe.load(ordering: .relaxed), &byte, 1)
      }
    }
    let readEnd = ends[0]
    Thread { [self] in listen(readEnd) }.start()
  }

  /// The first signal received (waiting for it if none has arrived yet).
  func wait() async -> Int32 {
    await withCheckedContinuation { continuation in
      let received: Int32? = state.withLock { state in
        if let received = state.received { return received }
        state.continuation = continuation
        return nil
      }
      if let received { continuation.resume(returning: received) }
    }
  }

  /// Stops watching and gives the signals their default action back.
  func cancel() {
    let first = state.withLock { state in
      defer { state.cancelled = true }
      return !state.cancelled
    }
    guard first else { return }
    for number in watched { Foundation.signal(number, SIG_DFL) }
    signalPipe.store(-1, ordering: .sequentiallyConsistent)
    // Ends the listening thread's read (end of file) when no signal came.
    if writeEnd >= 0 { _ = close(writeEnd) }
  }

  /// Reads signal numbers until the first one, or until `cancel` closes the pipe.
  private func listen(_ readEnd: Int32) {
    defer { _ = close(readEnd) }
    var byte: UInt8 = 0
    while true {
      let n = read(readEnd, &byte, 1)
      if n == 1 {
        fire(Int32(byte))
        return
      }
      if n < 0, errno == EINTR { continue }
      return
    }
  }

  private func fire(_ number: Int32) {
    let waiting: CheckedContinuation<Int32, Never>? = state.withLock { state in
      guard state.received == nil else { return nil }
      state.received = number
      defer { state.continuation = nil }
      return state.continuation
    }
    cancel()
    waiting?.resume(returning: number)
  }
}
