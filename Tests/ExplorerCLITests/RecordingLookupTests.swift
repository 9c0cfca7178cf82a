import GraphEmulator
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Completion and "did you mean" ask the target for `metadata=1` outside the history: while
/// recording, those lookups must not reach the cassette (issue 30's first drifted bug).
@Suite struct RecordingLookupTests {
  /// A script-mode REPL on a fresh emulator, writing nothing but what its commands ask for.
  static func repl(_ console: CapturingConsole) -> REPL {
    let emulator = GraphEmulator()
    let session = Session(target: .emulator(emulator), token: emulator.defaultToken)
    return REPL(
      session: session, console: console, renderer: Renderer(color: false, raw: true),
      interactive: false)
  }

  @Test func tabAndHintsWhileRecordingRecordOnlyTheTypedRequest() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let console = CapturingConsole(input: "")
    let repl = Self.repl(console)
    _ = try repl.record(scratch.file("tab.json"), mode: "all")
    // A typed request with a mistyped field: its hint looks up the node's metadata.
    #expect(await repl.execute("GET me?fields=nmae", lineNumber: 1))
    let hint = await repl.hint(for: try repl.session.exchange(.last))
    #expect(hint?.hasPrefix("did you mean name?") == true)
    // Tab in `fields=` of an edge learns the edge and its first item's node type.
    let completion = repl.completion(for: "GET me/friends?fields=na")
    #expect(completion.candidates.contains("me/friends?fields=name"))
    #expect(repl.session.catalog.knows(path: "me/friends"))
    let recorder = try #require(repl.session.recorder)
    #expect(recorder.currentCassette.interactions.count == 1)
    _ = try repl.record(nil, mode: nil)
  }
}

/// The REPL's target is one `Target` value: switching never leaves a name or a base URL behind
/// (issue 30's second drifted bug).
@Suite struct TargetSwitchTests {
  @Test func replayStopAfterANetworkTargetForgetsItsAddress() async {
    let run = await ScriptModeTests.run(
      "target http://127.0.0.1:9\ntarget\nreplay stop\ntarget\n", ["--no-color"])
    #expect(run.errors == "")
    #expect(run.output.contains("target http://127.0.0.1:9 (http://127.0.0.1:9)\n"))
    #expect(run.output.contains("target emulator (https://graph.facebook.com)\n"))
    #expect(!run.output.contains("target emulator (http://127.0.0.1:9)"))
  }

  @Test func replayStopAfterStartingWithReplayGoesToTheEmulator() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("c.json")
    let recorded = await ScriptModeTests.run("GET me?fields=id\n", ["--record", file])
    #expect(recorded.status == .success, "\(recorded.errors)")
    let run = await ScriptModeTests.run(
      "GET me?fields=id\nreplay stop\ntarget\nGET me?fields=name\n",
      ["--no-color", "--replay", file])
    #expect(!run.errors.contains("no emulator to go back to"))
    #expect(run.errors == "")
    #expect(run.output.contains("target emulator (https://graph.facebook.com)\n"))
    #expect(run.output.contains("\"name\": \"Alice Whitfield\""))
  }
}
