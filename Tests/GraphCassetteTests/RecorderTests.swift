import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

@Suite struct RecorderTests {
  static let me = get("https://graph.facebook.com/v2.0/me?access_token=TOKEN123456")
  static let friends = get("https://graph.facebook.com/v2.0/me/friends?access_token=TOKEN123456")

  @Test func onceRecordsANewCassetteThenOnlyReplays() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("once.json")
    let graph = FakeGraph()
    let first = try CassetteRecorder(wrapping: graph, file: file, mode: .once)
    #expect(first.isRecording)
    let live = try await first.send(Self.me)
    let error = try await first.send(get("https://graph.facebook.com/v2.0/me"))
    #expect(error.status == 400)
    #expect(try Cassette.load(path: file).interactions.count == 2)
    let before = try FileIO.read(path: file)

    let second = try CassetteRecorder(wrapping: graph, file: file, mode: .once)
    #expect(!second.isRecording)
    let replayed = try await second.send(Self.me)
    #expect(replayed.body == live.body)
    #expect(graph.requestCount == 2)
    await #expect(throws: CassetteError.self) { try await second.send(Self.friends) }
    #expect(try FileIO.read(path: file) == before)
  }

  @Test func newEpisodesReplaysKnownAndAppendsNew() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("ne.json")
    let graph = FakeGraph()
    _ = try await CassetteRecorder(wrapping: graph, file: file, mode: .once).send(Self.me)
    let recorder = try CassetteRecorder(wrapping: graph, file: file, mode: .newEpisodes)
    _ = try await recorder.send(Self.me)
    _ = try await recorder.send(Self.friends)
    _ = try await recorder.send(Self.me)
    #expect(recorder.replayedCount == 1)
    #expect(recorder.recordedCount == 2)
    #expect(graph.requestCount == 3)
    let summaries = try Cassette.load(path: file).interactions.map(\.summary)
    #expect(
      summaries == [
        "GET /v2.0/me?access_token=<ACCESS_TOKEN_1>",
        "GET /v2.0/me/friends?access_token=<ACCESS_TOKEN_2>",
        "GET /v2.0/me?access_token=<ACCESS_TOKEN_2>",
      ])
  }

  @Test func noneNeverWritesAndNeedsTheCassette() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("none.json")
    #expect(throws: CassetteError.missingCassette(path: file, mode: .none)) {
      try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .none)
    }
    _ = try await CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .all).send(Self.me)
    let before = try FileIO.read(path: file)
    let graph = FakeGraph()
    let recorder = try CassetteRecorder(wrapping: graph, file: file, mode: .none)
    _ = try await recorder.send(Self.me)
    await #expect(throws: CassetteError.self) { try await recorder.send(Self.friends) }
    #expect(graph.requestCount == 0)
    #expect(try FileIO.read(path: file) == before)
  }

  @Test func allReRecordsEverything() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("all.json")
    let graph = FakeGraph()
    _ = try await CassetteRecorder(wrapping: graph, file: file, mode: .all).send(Self.me)
    let again = try CassetteRecorder(wrapping: graph, file: file, mode: .all)
    _ = try await again.send(Self.friends)
    #expect(graph.requestCount == 2)
    #expect(
      try Cassette.load(path: file).interactions.map(\.summary) == [
        "GET /v2.0/me/friends?access_token=<ACCESS_TOKEN_1>"
      ])
  }

  @Test func anExistingFileThatIsNotACassetteIsNeverReplaced() throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("notes.json")
    try Data("my notes".utf8).write(to: URL(fileURLWithPath: file))
    for mode in RecordMode.allCases where mode != .all {
      #expect(throws: CassetteError.self) {
        try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: mode)
      }
    }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "my notes")
  }

  @Test func anUnwritableFolderIsReportedUpFront() {
    #expect(throws: CassetteError.self) {
      try CassetteRecorder(wrapping: FakeGraph(), file: "/nonexistent/dir/c.json", mode: .once)
    }
  }

  @Test func onceRefusesAFileThatAppearedAfterItStarted() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("race.json")
    let recorder = try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .once)
    try Cassette().save(to: file)
    await #expect(throws: CassetteError.wouldOverwrite(path: file, mode: .once)) {
      try await recorder.send(Self.me)
    }
  }

  @Test func expectationsAttachToTheLastInteraction() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("expect.json")
    let recorder = try CassetteRecorder(wrapping: FakeGraph(), file: file, mode: .once)
    _ = try await recorder.send(get("https://graph.facebook.com/me"))
    try recorder.expect(Expectation(status: 400, errorCode: 2500))
    let loaded = try Cassette.load(path: file)
    #expect(loaded.interactions[0].expect == Expectation(status: 400, errorCode: 2500))
    #expect(
      try CassettePlayer(cassette: loaded).answer(get("https://graph.facebook.com/me")).status
        == 400)
  }

  @Test func recordedAtAndDurationAreWritten() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("time.json")
    let recorder = try CassetteRecorder(
      wrapping: FakeGraph(), file: file, mode: .once,
      clock: { Date(timeIntervalSince1970: 1_764_488_400.25) })
    _ = try await recorder.send(Self.me)
    let i = try Cassette.load(path: file).interactions[0]
    #expect(i.recordedAt == "2025-11-30T07:40:00.250Z")
    #expect(i.duration == .milliseconds(3))
  }

  @Test func aCassetteOlderThanTheReRecordIntervalIsRecordedAgain() async throws {
    let dir = TempDir()
    defer { dir.remove() }
    let file = dir.file("old.json")
    let recorded = Date(timeIntervalSince1970: 1_700_000_000)
    _ = try await CassetteRecorder(
      wrapping: FakeGraph(), file: file, mode: .once, clock: { recorded }
    ).send(Self.me)
    let fresh = try CassetteRecorder(
      wrapping: FakeGraph(), file: file, mode: .once, reRecordInterval: .seconds(7 * 86_400),
      clock: { recorded.addingTimeInterval(86_400) })
    #expect(fresh.mode == .once)
    #expect(!fresh.isRecording)
    #expect(fresh.unusedInteractions == [0])
    _ = try await fresh.send(Self.me)
    #expect(fresh.unusedInteractions.isEmpty)
    let stale = try CassetteRecorder(
      wrapping: FakeGraph(), file: file, mode: .once, reRecordInterval: .seconds(7 * 86_400),
      clock: { recorded.addingTimeInterval(8 * 86_400) })
    #expect(stale.mode == .all)
    #expect(stale.isRecording)
  }

  @Test(arguments: [("once", RecordMode.once), ("new-episodes", .newEpisodes), ("NONE", .none)])
  func modesParse(text: String, mode: RecordMode) {
    #expect(RecordMode(parsing: text) == mode)
  }
}
