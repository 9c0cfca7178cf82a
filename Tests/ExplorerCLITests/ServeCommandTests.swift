import Foundation
import Testing

@testable import ExplorerCLI

/// A console that keeps what is written, for in-process runs.
final class ServeTestConsole: Console, @unchecked Sendable {
  private let lock = NSLock()
  private var out = ""
  private var err = ""
  var output: String { lock.withLock { out } }
  var errors: String { lock.withLock { err } }
  func write(_ text: String) { lock.withLock { out += text } }
  func writeError(_ text: String) { lock.withLock { err += text } }
  var isOutputTerminal: Bool { false }
  var isInputTerminal: Bool { false }
  var environment: [String: String] { [:] }
  func readLine() -> String? { nil }
  func readAll() -> [UInt8] { [] }
}

@Suite struct ServeCommandTests {
  @Test func helpPrintsUsage() async {
    let console = ServeTestConsole()
    let status = await GraphExplorer.main(arguments: ["serve", "--help"], console: console)
    #expect(status == .success)
    #expect(console.output.hasPrefix("usage: graph-explorer serve"))
  }

  @Test func badOptionIsAUsageError() async {
    let console = ServeTestConsole()
    let status = await GraphExplorer.main(arguments: ["serve", "--port", "x"], console: console)
    #expect(status == .usage)
    #expect(
      console.errors.split(separator: "\n").first
        == "graph-explorer serve: --port: 'x' is not a port number (0-65535)")
    #expect(console.output.isEmpty)
  }
}
