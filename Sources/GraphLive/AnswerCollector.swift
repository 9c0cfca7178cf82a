import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session delegate of `URLSessionTransport` (called inline on the session's work queue,
/// see `InlineOperationQueue`): gathers each task's answer as URLSession decodes it, refuses redirects (the 3xx itself is the answer) and cancels a task whose
/// decoded body passes its limit, so a gzip bomb never inflates further than that.
final class AnswerCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// How a task ended.
  enum Ending {
    case answer(Data, URLResponse)
    case failure(any Error)
    /// The decoded body passed the limit: the task was cancelled there.
    case tooLarge
  }

  private struct Entry {
    var limit: Int
    var data = Data()
    var response: URLResponse?
    var tooLarge = false
    var done: @Sendable (Ending) -> Void
  }

  private let lock = NSLock()
  private var entries: [Int: Entry] = [:]

  /// Starts following `task`; `done` is called once when it ends.
  func follow(
    _ task: URLSessionTask, limit: Int, done: @escaping @Sendable (Ending) -> Void
  ) {
    lock.withLock { entries[task.taskIdentifier] = Entry(limit: limit, done: done) }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    lock.withLock { entries[dataTask.taskIdentifier]?.response = response }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overflow = lock.withLock { () -> Bool in
      guard var entry = entries[dataTask.taskIdentifier], !entry.tooLarge else { return false }
      if entry.data.count + data.count > entry.limit {
        entry.tooLarge = true
        entry.data = Data()
        entries[dataTask.taskIdentifier] = entry
        return true
      }
      entries[dataTask.taskIdentifier] = nil
      entry.data.append(data)
      entries[dataTask.taskIdentifier] = entry
      return false
    }
    // Delegate calls run on the session's work queue (`InlineOperationQueue`): cancel from
    // elsewhere, never from inside it.
    if overflow { DispatchQueue.global().async { dataTask.cancel() } }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let entry = lock.withLock({ entries.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    if entry.tooLarge {
      entry.done(.tooLarge)
    } else if let error {
      entry.done(.failure(error))
    } else if let response = entry.response ?? task.response {
      entry.done(.answer(entry.data, response))
    } else {
      entry.done(.failure(URLError(.badServerResponse)))
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
