import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 29: `save` under `--replay` keeps the emulator's published test token where the
/// answer holds it, so `diff #1 file` finds no difference that is not there.
@Suite struct ReplaySaveTests {
  @Test func saveUnderReplayKeepsThePublishedTestToken() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let cassette = ConformanceData.packageRoot.appendingPathComponent(
      "Recordings/friends-paging.json"
    ).path
    let saved = scratch.file("saved.json")
    let console = CapturingConsole(
      input: "GET v2.0/me/friends?limit=25\nsave #1 \(saved)\ndiff #1 \(saved)\n")
    let status = await GraphExplorer.main(arguments: ["--replay", cassette], console: console)
    #expect(status == .success, "\(console.output)\n\(console.errors)")
    let text = try String(contentsOfFile: saved, encoding: .utf8)
    #expect(text.contains("access_token=CAAEmuAlice"))
    #expect(!text.contains("<ACCESS_TOKEN>"))
    #expect(console.output.contains("no differences"), "\(console.output)")
  }
}
