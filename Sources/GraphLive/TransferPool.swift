import Foundation

/// Runs each transfer on its own thread, at most `limit` at once: later ones wait in order and
/// start on the thread of one that ends. A blocking `curl_easy_perform` then never holds
/// Swift's cooperative threads, nor another transfer.
final class TransferPool: @unchecked Sendable {
  private let limit: Int
  private let lock = NSLock()
  private var running = 0
  /// Transfers waiting for a slot, oldest first from `head` (taken in O(1); the taken part is
  /// dropped once it is half the array).
  private var waiting: [(@Sendable () -> Void)?] = []
  private var head = 0

  init(limit: Int) { self.limit = limit }

  func run(_ work: @escaping @Sendable () -> Void) {
    let start = lock.withLock { () -> Bool in
      guard running < limit else {
        waiting.append(work)
        return false
      }
      running += 1
      return true
    }
    guard start else { return }
    let thread = Thread { [self] in
      var next: (@Sendable () -> Void)? = work
      while let job = next {
        job()
        next = lock.withLock {
          guard head < waiting.count else {
            running -= 1
            return nil
          }
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
    }
    thread.name = "graph-explorer curl transfer"
    thread.start()
  }
}
