import ExplorerCLI
import Foundation

/// A `Console` for tests: records everything written to standard output and standard error,
/// serves the given standard input, and reports terminal flags and an environment as told.
public final class CapturingConsole: Console, @unchecked Sendable {
  private let lock = NSLock()
  private var outputData: [UInt8] = []
  private var errorText = ""
  private var input: [UInt8]
  private var inputOffset = 0

  public let isOutputTerminal: Bool
  public let isInputTerminal: Bool
  public let environment: [String: String]

  /// A console whose standard input holds `input`.
  public init(
    input: [UInt8] = [], isOutputTerminal: Bool = false, isInputTerminal: Bool = false,
    environment: [String: String] = [:]
  ) {
    self.input = input
    self.isOutputTerminal = isOutputTerminal
    self.isInputTerminal = isInputTerminal
    self.environment = environment
  }

  /// A console whose standard input holds `input` as UTF-8.
  public convenience init(
    input: String, isOutputTerminal: Bool = false, isInputTerminal: Bool = false,
    environment: [String: String] = [:]
  ) {
    self.init(
      input: Array(input.utf8), isOutputTerminal: isOutputTerminal,
      isInputTerminal: isInputTerminal, environment: environment)
  }

  /// Everything written to standard output so far, as text.
  public var output: String { String(decoding: outputBytes, as: UTF8.self) }
  /// Everything written to standard output so far, byte for byte.
  public var outputBytes: [UInt8] { lock.withLock { outputData } }
  /// Everything written to standard error so far.
  public var errors: String { lock.withLock { errorText } }

  /// Forgets what was written so far.
  public func clear() {
    lock.withLock {
      outputData = []
      errorText = ""
    }
  }

  public func write(_ text: String) { lock.withLock { outputData += text.utf8 } }
  public func write(bytes: UnsafeRawBufferPointer) { lock.withLock { outputData += bytes } }
  public func writeError(_ text: String) { lock.withLock { errorText += text } }

  public func readLine() -> String? {
    lock.withLock {
      guard inputOffset < input.count else { return nil }
      let rest = input[inputOffset...]
      let end = rest.firstIndex(of: 0x0A) ?? input.endIndex
      var line = input[inputOffset..<end]
      inputOffset = min(end + 1, input.count)
      if line.last == 0x0D { line = line.dropLast() }
      return String(decoding: line, as: UTF8.self)
    }
  }

  public func readAll() -> [UInt8] {
    lock.withLock {
      let rest = Array(input[inputOffset...])
      inputOffset = input.count
      return rest
    }
  }
}
