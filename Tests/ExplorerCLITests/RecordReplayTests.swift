import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphLive
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 5's "done when": a session recorded with `--record`, replayed with `--replay` (no
/// emulator, no network), prints byte-identical answers.
@Suite struct RecordReplayTests {
  /// Paging to the end (the second `next` follows a `next` URL that carries the token), an
  /// error, a POST that mints an id, and commands that show earlier answers and timings.
  static let script = """
    GET me?fields=id,name
    GET me/friends limit=2
    next
    next
    GET me/nonexistent_edge
    token CAAEmuAlicePublish
    POST me/feed message="hello from a cassette"
    GET me/feed limit=1
    show #3
    history
    expect status == 200

    """

  static func run(_ arguments: [String], input: String) async -> (
    ExplorerCLI.ExitStatus, CapturingConsole
  ) {
    let console = CapturingConsole(input: input)
    let status = await GraphExplorer.main(arguments: arguments, console: console)
    return (status, console)
  }

  @Test(arguments: [["--no-color"], ["--raw"]])
  func aReplayedSessionPrintsWhatTheRecordedOneDid(options: [String]) async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("session.json")
    let (recordStatus, recorded) = await Self.run(options + ["--record", file], input: Self.script)
    #expect(recordStatus == .success)
    #expect(recorded.errors == "")
    let (replayStatus, replayed) = await Self.run(options + ["--replay", file], input: Self.script)
    #expect(replayStatus == .success)
    #expect(replayed.errors == "")
    #expect(!recorded.outputBytes.isEmpty)
    #expect(replayed.outputBytes == recorded.outputBytes)
    #expect(replayed.output == recorded.output)
    // The script did page, fail and post, and the paging URLs kept the emulator's test token.
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.map(\.response.status) == [200, 200, 200, 200, 400, 200, 200])
    #expect(cassette.interactions[5].request.method == "POST")
    #expect(cassette.interactions[3].request.url.contains("after="))
    #expect(!recorded.output.contains("<ACCESS_TOKEN"))
  }

  @Test func onlyTheEmulatorsTestTokensArePublic() {
    let emulator = GraphEmulator()
    let tokens = Backend.publicValues(of: emulator)
    #expect(!tokens.isEmpty)
    #expect(tokens == Set(emulator.testTokens.map(\.token)))
    #expect(Backend.publicValues(of: CurlTransport()).isEmpty)
  }

  @Test func theRecordCommandKeepsOnlyTheEmulatorsTestTokens() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("command.json")
    let (status, console) = await Self.run(
      ["--no-color"],
      input: "record \(file)\nGET me/friends limit=1\ntoken EAAnotATestToken42\n"
        + "GET me?fields=id\nrecord stop\n")
    #expect(status == .success && console.errors == "")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("access_token=CAAEmuAlice"))
    #expect(!text.contains("EAAnotATestToken42"))
    #expect(text.contains("<ACCESS_TOKEN_1>"))
  }

  @Test func aLiveTargetsTokenStaysRedacted() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("live.json")
    let stub = GraphEmulator()
    let token = try #require(stub.testTokens.first?.token)
    // A recorder set up as for a non-emulator target: the same token is redacted there.
    let recorder = try Backend.record(
      wrapping: stub, to: file, mode: "all",
      publicValues: Backend.publicValues(of: RejectingTransport()))
    _ = try await recorder.send(
      HTTPRequest(url: "https://graph.facebook.com/me/friends?limit=1&access_token=\(token)"))
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(!text.contains(token))
    #expect(text.contains("<ACCESS_TOKEN_1>"))
  }

  /// A transport that is not the emulator (it is never called).
  struct RejectingTransport: GraphTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      throw ExplorerError.failed("not expected")
    }
  }

  @Test func statusLinesShowTheRecordedDurationOnReplay() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("slow.json")
    var interaction = Interaction(
      request: HTTPRequest(url: "https://graph.facebook.com/me"),
      response: HTTPResponse(status: 200, body: Array(#"{"id":"1"}"#.utf8)),
      recordedAt: "2026-11-30T09:00:00Z")
    interaction.response.duration = .milliseconds(1234)
    var cassette = Cassette(recordedWith: "test")
    cassette.interactions = [interaction]
    try cassette.save(to: file)
    let (_, console) = await Self.run(["--no-color", "--replay", file], input: "GET me\n")
    #expect(console.output.hasPrefix("HTTP 200 · 1234 ms · #1\n"))
  }

  @Test(arguments: [
    (Duration.microseconds(499), 0), (.microseconds(500), 1), (.microseconds(1499), 1),
    (.nanoseconds(1_499_600), 2), (.seconds(2), 2000),
  ])
  func millisecondsRoundAsACassetteStoresThem(duration: Duration, expected: Int) {
    #expect(Renderer.milliseconds(duration) == expected)
  }
}
