import Foundation

/// Runs each transfer on its own thread, at most `limit` at once: later ones wait in order and
/// start on the thread of one that ends. A blocking `curl_easy_perform` then never holds
/// Swift's cooperative threads, nor another transfer.
final class TransferPool: @unchecked Sendable {
  private let limit: Int
  private let lock = NSLock()
  private var running = 0
  private var waiting: [@Sendable () -> Void] = []

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
          if waiting.isEmpty {
            running -= 1
            return nil
          }
          return waiting.removeFirst()
        }
      }
    }
    thread.name = "graph-explorer curl transfer"
    thread.start()
  }
}
