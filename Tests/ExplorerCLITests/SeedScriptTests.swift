import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Tests/Scripts/seeds.graph, every Graph call of the seeds as REPL lines with `expect`
/// assertions, run as a script: every expectation holds and no line fails.
@Suite struct SeedScriptTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scripts")

  @Test func everySeedCallBehavesAsTheSeedsSay() async throws {
    let script = try String(
      contentsOf: Self.folder.appendingPathComponent("seeds.graph"), encoding: .utf8)
    let photo = Self.folder.appendingPathComponent("photo.jpg").path
    let input = script.replacing("@photo.jpg", with: "@" + photo)
    let console = CapturingConsole(input: input)
    let status = await GraphExplorer.main(arguments: ["--no-color"], console: console)
    #expect(status == .success)
    #expect(console.errors == "")
    let expectations = script.split(separator: "\n").filter { $0.hasPrefix("expect ") }.count
    let passed = console.output.split(separator: "\n").filter { $0.hasPrefix("ok: ") }.count
    #expect(expectations >= 20)
    #expect(passed == expectations)
  }
}
