import ExplorerCLI
import Foundation
import GraphTestSupport
import Testing

/// Issue 45: recording left `.NAME.lock` beside every cassette after a clean exit. Now `record
/// stop` and the end of the session remove it; while a recorder holds it, a second is refused
/// as before (TwoRecordersTests).
@Suite struct RecordingLockCleanupTests {
  @Test func aCleanSessionLeavesNoLockFile() async throws {
    let scratch = ScratchDirectory("lock-cleanup")
    defer { scratch.remove() }
    let kept = scratch.file("kept.json")
    let stopped = scratch.file("stopped.json")
    let run = await ScriptModeTests.run(
      "record \(stopped)\nGET me\nrecord stop\nrecord \(kept)\nGET me\n", ["--no-color"])
    #expect(run.status == .success, "\(run.errors)")
    let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
    #expect(names == ["kept.json", "stopped.json"], "\(names)")
    // The cassette names the version that wrote it.
    let text = try String(contentsOfFile: kept, encoding: .utf8)
    #expect(
      text.contains("\"recorded_with\": \"graph-explorer \(GraphExplorer.version)\""), "\(text)")
  }
}
