import Foundation
import GraphAPI

/// Runs each transfer on its own thread, at most `limit` at once: later ones wait in order and
/// start on the thread of one that ends. A blocking `curl_easy_perform` then never holds
/// Swift's cooperative threads, nor another transfer.
final class TransferPool: Sendable {
  private let limit: Int
  private let state = Locked(State())

  private struct State {
    var running = 0
    /// Transfers waiting for a slot, oldest first from `head` (taken in O(1); the taken part
    /// is dropped once it is half the array).
    var waiting: [(@Sendable () -> Void)?] = []
    var head = 0
  }

  init(limit: Int) { self.limit = limit }

  func run(_ work: @escaping @Sendable () -> Void) {
    let start = state.withLock { state -> Bool in
      guard state.running < limit else {
        state.waiting.append(work)
        return false
      }
      state.running += 1
      return true
    }
    guard start else { return }
    let thread = Thread { [self] in
      var next: (@Sendable () -> Void)? = work
      while let job = next {
        job()
        next = state.withLock { state in
          guard state.head < state.waiting.count else {
            state.running -= 1
            return nil
          }
          let job = state.waiting[state.head]
          state.waiting[state.head] = nil
          state.head += 1
          if state.head == state.waiting.count {
            state.waiting.removeAll(keepingCapacity: true)
            state.head = 0
          } else if state.head > 64, state.head * 2 > state.waiting.count {
            state.waiting.removeFirst(state.head)
            state.head = 0
          }
          return job
        }
      }
    }
    thread.name = "graph-explorer curl transfer"
    thread.start()
  }
}
