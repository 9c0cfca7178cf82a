import Foundation

/// Where the tool's output goes and its input comes from. Nothing in ExplorerCLI prints
/// directly: it writes to an injected console, so tests capture everything.
public protocol Console: AnyObject, Sendable {
  /// Writes to standard output (no newline added).
  func write(_ text: String)
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
}

/// The console of the running process: file descriptors 0, 1 and 2.
public final class StandardConsole: Console, @unchecked Sendable {
  private let lock = NSLock()

  public init() {}

  public func write(_ text: String) {
    lock.withLock { FileHandle.standardOutput.write(Data(text.utf8)) }
  }

  public func writeError(_ text: String) {
    lock.withLock { FileHandle.standardError.write(Data(text.utf8)) }
  }

  public var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  public var isInputTerminal: Bool { isatty(STDIN_FILENO) == 1 }
  public var environment: [String: String] { ProcessInfo.processInfo.environment }

  public func readLine() -> String? { Swift.readLine(strippingNewline: true) }

  public func readAll() -> [UInt8] {
    [UInt8](FileHandle.standardInput.readDataToEndOfFile())
  }
}
