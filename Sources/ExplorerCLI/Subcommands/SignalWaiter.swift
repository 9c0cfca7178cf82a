import Foundation

/// Waits for the first of some signals, delivered through Dispatch signal sources (so no
/// work happens in a signal handler). After the first one, the signals get their default
/// action back: a second Ctrl-C ends the process at once.
final class SignalWaiter: @unchecked Sendable {
  private let lock = NSLock()
  private let watched: [Int32]
  private var sources: [any DispatchSourceSignal] = []
  private var received: Int32?
  private var continuation: CheckedContinuation<Int32, Never>?

  init(signals: [Int32]) {
    watched = signals
    let queue = DispatchQueue(label: "graph-explorer.signals")
    for number in signals {
      Foundation.signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { [weak self] in self?.fire(number) }
      source.resume()
      sources.append(source)
    }
  }

  /// The first signal received (waiting for it if none has arrived yet).
  func wait() async -> Int32 {
    await withCheckedContinuation { continuation in
      lock.lock()
      if let received {
        lock.unlock()
        continuation.resume(returning: received)
      } else {
        self.continuation = continuation
        lock.unlock()
      }
    }
  }

  /// Stops watching and gives the signals their default action back.
  func cancel() {
    let sources = lock.withLock {
      defer { self.sources = [] }
      return self.sources
    }
    for source in sources { source.cancel() }
    for number in watched { Foundation.signal(number, SIG_DFL) }
  }

  private func fire(_ number: Int32) {
    let waiting: CheckedContinuation<Int32, Never>? = lock.withLock {
      guard received == nil else { return nil }
      received = number
      defer { continuation = nil }
      return continuation
    }
    cancel()
    waiting?.resume(returning: number)
  }
}
