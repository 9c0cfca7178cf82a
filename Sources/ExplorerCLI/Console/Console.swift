import Foundation
import GraphAPI

/// Where the tool's output goes and its input comes from. Nothing in ExplorerCLI prints
/// directly: it writes to an injected console, so tests capture everything.
public protocol Console: AnyObject, Sendable {
  /// Writes to standard output (no newline added).
  func write(_ text: String)
  /// Writes bytes to standard output as they are (no newline added, no round trip through
  /// `String`). The default implementation decodes them as UTF-8 and calls `write(_:)`.
  func write(bytes: UnsafeRawBufferPointer)
  /// Writes to standard error (no newline added).
  func writeError(_ text: String)
  /// Whether standard output is a terminal.
  var isOutputTerminal: Bool { get }
  /// Whether standard input is a terminal.
  var isInputTerminal: Bool { get }
  /// The process environment.
  var environment: [String: String] { get }
  /// Reads one line of standard input without its newline; `nil` at end of input.
  func readLine() -> String?
  /// Reads all of standard input.
  func readAll() -> [UInt8]
}

extension Console {
  /// Writes `text` and a newline to standard output.
  public func line(_ text: String = "") { write(text + "\n") }
  /// Writes `text` and a newline to standard error.
  public func errorLine(_ text: String) { writeError(text + "\n") }

  public func write(bytes: UnsafeRawBufferPointer) {
    write(String(decoding: bytes, as: UTF8.self))
  }

  /// Writes `bytes` to standard output as they are.
  public func write(bytes: some Sequence<UInt8>) {
    let written: Void? = bytes.withContiguousStorageIfAvailable {
      write(bytes: UnsafeRawBufferPointer($0))
    }
    if written == nil { Array(bytes).withUnsafeBytes { write(bytes: $0) } }
  }
}

/// The console of the running process: file descriptors 0, 1 and 2.
public final class StandardConsole: Console, Sendable {
  /// Held while a write goes out, so writes from several threads do not interleave.
  private let writing = Locked(())

  public init() {}

  // Every write goes straight to its file descriptor and retries after EINTR: Ctrl-C (a
  // SIGINT the REPL handles) interrupts a write to a slow terminal, where FileHandle traps.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
  }

  public func writeError(_ text: String) {
    var text = text
    text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
  }

  /// Writes straight to file descriptor 1, retrying after interruptions; stops quietly when
  /// standard output is closed.
  public func write(bytes: UnsafeRawBufferPointer) {
    writeAll(bytes, to: STDOUT_FILENO)
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
    guard let base = bytes.baseAddress else { return }
    writing.withLock { _ in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(fd, base + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  public var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  public var isInputTerminal: Bool { isatty(STDIN_FILENO) == 1 }
  public var environment: [String: String] { ProcessInfo.processInfo.environment }

  public func readLine() -> String? { Swift.readLine(strippingNewline: true) }

  public func readAll() -> [UInt8] {
    [UInt8](FileHandle.standardInput.readDataToEndOfFile())
  }
}
