import Foundation
import Testing

@testable import GraphLive

/// The pool runs at most `limit` transfers at once, and the waiting ones in the order they came.
@Suite struct TransferPoolTests {
  final class Log: @unchecked Sendable {
    let lock = NSLock()
    var order: [Int] = []
    var running = 0
    var most = 0
  }

  /// Runs `count` jobs on a pool of `limit`; the first `limit` hold their slots until every
  /// job is queued and all of them are running.
  static func run(limit: Int, count: Int) -> Log {
    let pool = TransferPool(limit: limit)
    let log = Log()
    let done = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    for n in 0..<count {
      pool.run {
        log.lock.withLock {
          log.order.append(n)
          log.running += 1
          log.most = max(log.most, log.running)
        }
        if n < limit {
          started.signal()
          gate.wait()
        }
        log.lock.withLock { log.running -= 1 }
        done.signal()
      }
    }
    for _ in 0..<limit { started.wait() }
    for _ in 0..<limit { gate.signal() }
    for _ in 0..<count { done.wait() }
    return log
  }

  @Test func atMostTheLimitRunAtOnce() {
    let log = Self.run(limit: 3, count: 300)
    #expect(log.most == 3)
    #expect(log.order.sorted() == Array(0..<300))
  }

  @Test func waitingTransfersStartFirstComeFirstServed() {
    // One slot: the order they start in is the order the queue gives them.
    let log = Self.run(limit: 1, count: 300)
    #expect(log.order == Array(0..<300))
  }

  /// Transfers one after another run on the threads of those before: no thread is started and
  /// ended for each (issue 48). A transfer may come before the thread of the last one is idle
  /// again, so up to the limit of threads are started.
  @Test func threadsWaitForTheNextTransfer() {
    let pool = TransferPool(limit: 4)
    let done = DispatchSemaphore(value: 0)
    let reused = Log()
    for _ in 0..<50 {
      pool.run {
        let seen = Thread.current.threadDictionary["TransferPoolTests"] != nil
        Thread.current.threadDictionary["TransferPoolTests"] = true
        reused.lock.withLock { reused.running += seen ? 1 : 0 }
        done.signal()
      }
      done.wait()
    }
    #expect(reused.running >= 46)
    #expect(pool.threadsStarted <= 4)
  }

  /// An idle thread ends after the idle time; the next transfer starts another.
  @Test func anIdleThreadEnds() {
    let pool = TransferPool(limit: 4, idleTime: .milliseconds(1))
    let done = DispatchSemaphore(value: 0)
    pool.run { done.signal() }
    done.wait()
    // Up to 10 s for the thread to leave (it waits 1 ms for work).
    for _ in 0..<1000 where pool.threadsAlive > 0 { usleep(10_000) }
    #expect(pool.threadsAlive == 0)
    pool.run { done.signal() }
    done.wait()
    #expect(pool.threadsStarted == 2)
  }
}
