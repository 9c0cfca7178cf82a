import Foundation
import GraphServer

/// Writes the access log of `graph-explorer serve` (`--log FILE|-|off`): the lines of
/// `ServeLog.line`, buffered, and written when the server has nothing else to do, when 64 KiB
/// have gathered, and at the end. Under load that is one write for many requests; a quiet
/// server's lines appear at once.
///
/// Every line goes through `record(_:)`, so masking what it holds happens in one place
/// (`ServeLog`).
final class ServeLogWriter: @unchecked Sendable {
  /// Where the lines go.
  enum Destination: Sendable, Equatable {
    /// Standard error, through the console (the default).
    case standardError
    /// Standard output, after the line naming the URL (`--log -`).
    case standardOutput
    /// Appended to a file, created 0600 when missing.
    case file(String)
    /// No access log (`--log off`).
    case off
  }

  private enum Sink {
    case console(any Console, error: Bool)
    case descriptor(Int32)
  }

  private let lock = NSLock()
  private let sink: Sink?
  private var pending: [UInt8] = []
  private static let flushThreshold = 64 * 1024

  /// - Throws: `ServeOptions.UsageError` when the log file cannot be opened.
  init(_ destination: Destination, console: any Console) throws(ServeOptions.UsageError) {
    switch destination {
    case .standardError: sink = .console(console, error: true)
    case .standardOutput: sink = .console(console, error: false)
    case .off: sink = nil
    case .file(let path):
      let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
      guard fd >= 0 else {
        throw ServeOptions.UsageError(
          description: "--log: cannot open \(path): \(String(cString: strerror(errno)))")
      }
      sink = .descriptor(fd)
    }
    pending.reserveCapacity(Self.flushThreshold)
  }

  deinit {
    flush()
    if case .descriptor(let fd) = sink { Foundation.close(fd) }
  }

  /// Whether lines are written at all.
  var isEnabled: Bool { sink != nil }

  /// Adds the line of one request.
  func record(_ entry: GraphServer.AccessLogEntry) {
    guard sink != nil else { return }
    var line = ErrorPresenter.safe(ServeLog.line(entry))
    line += "\n"
    let full = lock.withLock {
      pending.append(contentsOf: line.utf8)
      return pending.count >= Self.flushThreshold
    }
    if full { flush() }
  }

  /// Writes what is buffered.
  func flush() {
    lock.withLock {
      guard !pending.isEmpty, let sink else { return }
      switch sink {
      case .console(let console, let error):
        let text = String(decoding: pending, as: UTF8.self)
        if error { console.writeError(text) } else { console.write(text) }
      case .descriptor(let fd):
        pending.withUnsafeBytes { bytes in
          var offset = 0
          while offset < bytes.count {
            let written = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { break }
            offset += written
          }
        }
      }
      pending.removeAll(keepingCapacity: true)
    }
  }
}
