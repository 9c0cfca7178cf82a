import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

@Suite struct ServeCommandTests {
  @Test func helpPrintsUsage() async {
    let console = CapturingConsole()
    let status = await GraphExplorer.main(arguments: ["serve", "--help"], console: console)
    #expect(status == .success)
    #expect(console.output.hasPrefix("usage: graph-explorer serve"))
  }

  @Test func badOptionIsAUsageError() async {
    let console = CapturingConsole()
    let status = await GraphExplorer.main(arguments: ["serve", "--port", "x"], console: console)
    #expect(status == .usage)
    #expect(
      console.errors.split(separator: "\n").first
        == "graph-explorer serve: --port: 'x' is not a port number (0-65535)")
    #expect(console.output.isEmpty)
  }
}
