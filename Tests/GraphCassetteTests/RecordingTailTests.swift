import Foundation
import GraphAPI
import Testing

@testable import GraphCassette

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Recording rewrote the whole cassette for every interaction (3,000 GETs: 161.7 s against
/// 0.27 s without): after the first write only the file's tail is rewritten now, in place,
/// and the file stays exactly what a whole encoding gives. `CrashTests` keeps the kill -9
/// guarantee.
@Suite struct RecordingTailTests {
  static func inode(_ path: String) -> UInt64 {
    var info = stat()
    return stat(path, &info) == 0 ? UInt64(info.st_ino) : 0
  }

  @Test func recordingRewritesOnlyTheTailAndMatchesAWholeEncoding() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("tail.json")
    let recorder = try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .all)
    try recorder.record(CrashTests.interaction(1))
    let first = Self.inode(file)
    for n in 2...50 { try recorder.record(CrashTests.interaction(n)) }
    // The same file, written in place: no whole-file replace after the first interaction.
    #expect(Self.inode(file) == first)
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.count == 50)
    #expect(try FileIO.read(path: file) == cassette.encoded())
    #expect(cassette == recorder.currentCassette)
  }

  @Test func aFileReplacedBehindTheRecorderIsRewrittenWhole() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("replaced.json")
    let recorder = try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .all)
    recorder.checksFile(every: .zero)
    try recorder.record(CrashTests.interaction(1))
    try recorder.record(CrashTests.interaction(2))
    try Cassette(interactions: [CrashTests.interaction(9)]).save(to: file)
    try recorder.record(CrashTests.interaction(3))
    let cassette = try Cassette.load(path: file)
    #expect(
      cassette.interactions.map(\.request.url)
        == recorder.currentCassette.interactions.map(\.request.url))
    #expect(cassette.interactions.count == 3)
  }

  /// A recorder into `name` in `dir` that keeps no interactions in memory, and its file.
  static func keepingNothing(in dir: TempDir, _ name: String) throws -> (String, CassetteRecorder) {
    let file = dir.file(name)
    let recorder = try CassetteRecorder(
      wrapping: FakeGraph(), file: file, mode: .all, keepsInteractions: false)
    return (file, recorder)
  }

  /// `serve --record` kept every interaction in memory, read by nothing: memory grew with the
  /// session (issue 48).
  @Test func aRecorderThatKeepsNoInteractionsWritesTheSameFileAndHoldsNone() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let (file, recorder) = try Self.keepingNothing(in: dir, "bounded.json")
    for n in 1...50 { try recorder.record(CrashTests.interaction(n)) }
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.count == 50)
    #expect(try FileIO.read(path: file) == cassette.encoded())
    #expect(recorder.currentCassette.interactions.isEmpty)
    #expect(recorder.recordedCount == 50)
    #expect(throws: CassetteError.self) { try recorder.expect(Expectation(status: 200)) }
  }

  @Test func aFileReplacedBehindARecorderThatKeepsNothingIsNotOverwritten() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let (file, recorder) = try Self.keepingNothing(in: dir, "replaced.json")
    recorder.checksFile(every: .zero)
    try recorder.record(CrashTests.interaction(1))
    try recorder.record(CrashTests.interaction(2))
    let replacement = Cassette(interactions: [CrashTests.interaction(9)])
    try replacement.save(to: file)
    #expect(throws: CassetteError.self) { try recorder.record(CrashTests.interaction(3)) }
    #expect(try FileIO.read(path: file) == replacement.encoded())
  }

  /// What can happen to a cassette behind its recorder.
  enum Change: String, CaseIterable {
    case moved, removed, replaced, truncated, cutShort

    func apply(to file: String, movingTo moved: String) throws {
      switch self {
      case .moved: #expect(rename(file, moved) == 0)
      case .removed: #expect(unlink(file) == 0)
      case .replaced: try Cassette(interactions: [CrashTests.interaction(9)]).save(to: file)
      case .truncated: #expect(truncate(file, 0) == 0)
      case .cutShort:
        // Into the first interaction: what an append fills back up to the size written.
        #expect(truncate(file, 300) == 0)
      }
    }
  }

  /// The file is checked once a window, not at every append (issue 48: no file-system call
  /// per interaction but the append): an append between a change and the next check goes where
  /// the old file was, and the change is noticed at the first append that checks, even when
  /// appends filled a truncated file back up to the size written.
  @Test(arguments: Change.allCases)
  func aChangeIsNoticedAtTheFirstCheckAfterIt(change: Change) throws {
    let dir = TempDir()
    defer { dir.remove() }
    let (file, recorder) = try Self.keepingNothing(in: dir, "changed.json")
    let moved = dir.file("moved.json")
    recorder.checksFile(every: .seconds(3600))
    for n in 1...3 { try recorder.record(CrashTests.interaction(n)) }
    try change.apply(to: file, movingTo: moved)
    // Before the check: written where the old file was.
    try recorder.record(CrashTests.interaction(4))
    recorder.checksFile(every: .zero)
    #expect(throws: CassetteError.self) { try recorder.record(CrashTests.interaction(5)) }
    switch change {
    case .moved:
      let cassette = try Cassette.load(path: moved)
      #expect(cassette.interactions.count == 4)
      #expect(try FileIO.read(path: moved) == cassette.encoded())
      #expect(!FileIO.exists(file))
    case .removed: #expect(!FileIO.exists(file))
    case .replaced:
      #expect(
        try Cassette.load(path: file).interactions.map(\.request.url)
          == [CrashTests.interaction(9).request.url])
    case .truncated, .cutShort:
      // The append wrote past the cut, leaving zeros: not a cassette, and not rewritten.
      #expect(throws: CassetteError.self) { try Cassette.load(path: file) }
    }
  }

  /// A recorder that keeps its interactions rewrites the file whole once it notices the
  /// change, with the interactions appended before the check among them.
  @Test(arguments: Change.allCases)
  func aRecorderThatKeepsItsInteractionsRewritesWhatItNoticed(change: Change) throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("kept.json")
    let recorder = try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .all)
    recorder.checksFile(every: .seconds(3600))
    for n in 1...3 { try recorder.record(CrashTests.interaction(n)) }
    try change.apply(to: file, movingTo: dir.file("moved.json"))
    try recorder.record(CrashTests.interaction(4))
    recorder.checksFile(every: .zero)
    try recorder.record(CrashTests.interaction(5))
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.count == 5)
    #expect(cassette == recorder.currentCassette)
    #expect(try FileIO.read(path: file) == cassette.encoded())
  }

  @Test func expectationsStillRewriteAndLaterAppendsFollow() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("expect.json")
    let recorder = try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .all)
    try recorder.record(CrashTests.interaction(1))
    try recorder.expect(Expectation(status: 200))
    try recorder.record(CrashTests.interaction(2))
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.count == 2)
    #expect(cassette.interactions[0].expect?.status == 200)
    #expect(try FileIO.read(path: file) == cassette.encoded())
  }

  @Test func staleTemporariesOfDeadProcessesAreRemoved() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("stale.json")
    let child = fork()
    if child == 0 { _exit(0) }
    var status: Int32 = 0
    waitpid(child, &status, 0)
    let dead = dir.file(".stale.json.tmp-\(child)")
    let live = dir.file(".stale.json.tmp-\(getpid())")
    let other = dir.file(".other.json.tmp-\(child)")
    for path in [dead, live, other] {
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    }
    _ = try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .all)
    #expect(!FileIO.exists(dead))
    #expect(FileIO.exists(live))
    #expect(FileIO.exists(other))
  }
}
