import Foundation
import GraphAPI
import GraphServer

/// Writes the access log of `graph-explorer serve` (`--log FILE|-|off`): the lines of
/// `ServeLog.line`, buffered, and written when the server has nothing else to do, when 64 KiB
/// have gathered, and at the end. Under load that is one write for many requests; a quiet
/// server's lines appear within 20 ms (GraphServer's `logFlushDelay`).
///
/// Every line goes through `record(_:)`, so masking what it holds happens in one place
/// (`ServeLog`).
final class ServeLogWriter: Sendable {
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

  private enum Sink: Sendable {
    case console(any Console, error: Bool)
    case descriptor(Int32)
  }

  private let sink: Sink?
  /// The lines not written yet; a flush holds it while writing.
  private let pending: Locked<[UInt8]>
  /// Apart from `pending`: masking is done without waiting for a flush.
  private let maskMemo = Locked(ServeLogMaskMemo())
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
    var buffer: [UInt8] = []
    buffer.reserveCapacity(Self.flushThreshold)
    pending = Locked(buffer)
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
    // A line that names an SDK (`· iOS SDK 3.24.4`) takes the general path.
    if entry.error == nil, let method = entry.method, let target = entry.target,
      SDKUserAgent(entry.userAgent) == nil,
      let start = maskMemo.withLock({ $0.lineStart(method: method, target: target) })
    {
      // `ServeLog.line` of a printable-ASCII line, written as bytes.
      let (seconds, attoseconds) = entry.duration.components
      let tenths = seconds * 10_000 + attoseconds / 100_000_000_000_000
      if tenths >= 0 {
        let full = pending.withLock { pending in
          pending.append(contentsOf: start)
          Self.appendDecimal(Int64(entry.status), to: &pending)
          pending.append(contentsOf: Self.openBytes)
          Self.appendDecimal(Int64(entry.responseBytes), to: &pending)
          pending.append(contentsOf: Self.bytesWord)
          Self.appendDecimal(tenths / 10, to: &pending)
          pending.append(UInt8(ascii: "."))
          pending.append(UInt8(ascii: "0") + UInt8(tenths % 10))
          pending.append(contentsOf: Self.closeBytes)
          return pending.count >= Self.flushThreshold
        }
        if full { flush() }
        return
      }
    }
    let target = entry.target.map { target in maskMemo.withLock { $0.mask(target) } }
    var line = ErrorPresenter.safe(ServeLog.line(entry, maskedTarget: target))
    line += "\n"
    let full = pending.withLock { pending in
      pending.append(contentsOf: line.utf8)
      return pending.count >= Self.flushThreshold
    }
    if full { flush() }
  }

  private static let openBytes = Array(" (".utf8)
  private static let bytesWord = Array(" bytes, ".utf8)
  private static let closeBytes = Array(" ms)\n".utf8)

  /// Appends the decimal digits of `value` (with a `-` when negative).
  static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, Int) = (0, 0)
    repeat {
      digits.0 = digits.0 &* 10 &+ magnitude % 10
      digits.1 += 1
      magnitude /= 10
    } while magnitude > 0
    for _ in 0..<digits.1 {
      bytes.append(UInt8(ascii: "0") + UInt8(digits.0 % 10))
      digits.0 /= 10
    }
  }

  /// Writes what is buffered.
  func flush() {
    pending.withLock { pending in
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
