import Foundation
import GraphAPI
import Testing

@testable import GraphCassette

/// Recording followed every interaction with an `fdatasync` (13-27 ms each on this disk: 800
/// REPL requests 8-17x the wall time of not recording): appends are synced together now, at
/// most `GroupCommit.defaultWindow` after they were written. `CrashTests` keeps the kill -9
/// guarantee; these check the syncs.
@Suite struct GroupCommitTests {
  @Test func appendsAreSyncedTogetherNotOneByOne() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("group.json")
    let recorder = try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .all)
    for n in 1...200 { try recorder.record(CrashTests.interaction(n)) }
    // One sync a window at most: 200 appends take far less than 50 windows (5 s) even on a
    // loaded machine.
    #expect(recorder.syncCount < 50)
    try recorder.flush()
    #expect(recorder.syncCount >= 1)
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.count == 200)
    #expect(try FileIO.read(path: file) == cassette.encoded())
  }

  @Test func aLoneAppendIsSyncedWithinTheWindowWithoutAnotherWrite() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("lone.json")
    let recorder = try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .all)
    // The first write is a whole-file replace (synced itself); the second is an append.
    try recorder.record(CrashTests.interaction(1))
    try recorder.record(CrashTests.interaction(2))
    let deadline = ContinuousClock.now + .seconds(10)
    while recorder.syncCount == 0, ContinuousClock.now < deadline {
      usleep(5_000)
    }
    #expect(recorder.syncCount == 1)
  }

  @Test func aCommitThatIsClosedSyncsWhatIsLeftAndStops() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let path = dir.file("raw")
    #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
    let fd = open(path, O_RDWR)
    defer { close(fd) }
    let commit = try #require(GroupCommit(syncing: fd, window: .seconds(3600)))
    #expect(commit.written() == nil)
    #expect(commit.syncCount == 0)
    #expect(commit.close() == nil)
    #expect(commit.syncCount == 1)
    #expect(commit.close() == nil)
    #expect(commit.syncCount == 1)
  }

  @Test(arguments: [0.0, 0.5, 0.999, 1_733_350_527.123, 4_102_444_799.9999, -0.25])
  func recordedAtIsRFC3339InUTCWithMilliseconds(seconds: Double) {
    let date = Date(timeIntervalSince1970: seconds)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = TimeZone(identifier: "UTC")
    #expect(CassetteRecorder.iso(date) == formatter.string(from: date))
  }

  /// The text up to the second is kept from one call to the next: times within one second,
  /// across seconds, and back, each as the formatter writes it.
  @Test func recordedAtAgreesWhenTheSecondIsReused() {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = TimeZone(identifier: "UTC")
    let base = 1_733_350_527.0
    for offset in [0.001, 0.5, 0.9994, 0.9996, 1.2, 1.7, 0.3, 86_400.25, 0.0, -0.0004] {
      let date = Date(timeIntervalSince1970: base + offset)
      #expect(CassetteRecorder.iso(date) == formatter.string(from: date), "\(offset)")
    }
  }
}
