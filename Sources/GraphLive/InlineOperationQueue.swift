import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate queue of `URLSessionTransport`'s session: runs each delegate call at once, on
/// the thread that hands it over (the session's own work queue, where libcurl delivers data).
///
/// With an ordinary `OperationQueue`, swift-corelibs-foundation queues one operation per piece
/// of decoded body (`_NativeProtocol.notifyDelegate(aboutReceivedData:)` calls
/// `delegateQueue.addOperation`) without waiting for it: libcurl inflates a gzip bomb far faster
/// than the delegate drains the queue, so the whole decoded body (1 GiB) sat in queued
/// operations before the delegate saw the limit pass. Run inline, each piece is counted (and
/// dropped past the limit) before libcurl decodes the next, so memory stays within the limit.
/// The delegate's calls must therefore never block: `AnswerCollector` only takes its lock,
/// and cancels from another thread.
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
  override func addOperation(_ op: Operation) {
    op.start()
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    block()
  }

  override func addOperations(_ ops: [Operation], waitUntilFinished wait: Bool) {
    for op in ops { op.start() }
  }
}
