import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 45: `let pid = $last.id`, then `$pid` wherever a value is typed; `let` lists them; an
/// unknown name says which are set; a secret in a variable is masked and never stored.
@Suite(.timeLimit(.minutes(2))) struct NamedVariableTests {
  @Test func aValueKeptFromAnAnswer() async {
    let run = await ScriptModeTests.run(
      """
      GET me/friends limit=2
      let friend = $last.data[1].id
      let first = $last.data[0]
      GET me fields=id
      GET $friend fields=name
      GET $first.id fields=name
      let
      let greeting = hello "there you"
      POST me/feed message=$greeting access_token=alice-publish
      expect $last.id exists
      GET $frend
      let 9x = 1

      """, ["--no-color"])
    // `let` sends nothing: $last stays the friends answer, and later answers leave $friend.
    #expect(run.output.contains("$friend = \"100001000000003\""), "\(run.output)")
    #expect(run.output.contains("\"name\": \"Chen Wei\""))
    #expect(run.output.contains("\"name\": \"Bob Okafor\""))
    #expect(run.output.contains("$first = {\"name\":\"Bob Okafor\",\"id\":\"100001000000002\"}"))
    #expect(run.output.contains("$greeting = \"hello there you\""))
    #expect(
      run.errors.contains(
        "line 11: error: no variable $frend: did you mean $friend? (variables: $friend, $first, $greeting; let frend = VALUE sets it)"
      ), "\(run.errors)")
    #expect(run.errors.contains("line 12: error: column 5: '9x' is no variable name"))
    #expect(run.status == .failure)
  }

  /// A token in a variable: shown as `token` shows one (masked: not the emulator's own), kept
  /// out of text written out; the line that typed it is not stored.
  @Test func aSecretIsMaskedAndKeptOut() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let secret = "EAABsecretLiveToken1234567890"
    let run = await ScriptModeTests.run(
      """
      let page_token = \(secret)
      let
      POST me/feed message=$page_token access_token=alice-publish
      GET $last.id > \(scratch.file("post.json"))

      """, ["--no-color"])
    #expect(run.output.contains("$page_token = \"EAAB…7890\" · a secret: never stored"))
    #expect(!run.output.contains(secret), "\(run.output)")
    let written = try String(contentsOfFile: scratch.file("post.json"), encoding: .utf8)
    #expect(!written.contains(secret), "\(written)")
    #expect(HistoryFile.storable("let page_token = \(secret)", secrets: []) == nil)
    #expect(HistoryFile.storable("let pid = $last.id", secrets: []) == "let pid = $last.id")
  }

  /// A recorded session with variables replays printing the same bytes.
  @Test func recordedAndReplayed() async {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let cassette = scratch.file("let.json")
    let script = "GET me/friends limit=1\nlet pid = $last.data[0].id\nGET $pid fields=name\n"
    let recorded = await ScriptModeTests.run(script, ["--no-color", "--record", cassette])
    let replayed = await ScriptModeTests.run(script, ["--no-color", "--replay", cassette])
    #expect(recorded.status == .success, "\(recorded.errors)")
    #expect(replayed.output == recorded.output, "\(replayed.errors)")
  }

  @Test func typedAtThePrompt() throws {
    let person = try TypedSession()
    try person.submit("set pager off")
    try person.submit("GET me fields=id")
    let set = try person.submit("let pid = $last.id")
    #expect(set.contains("$pid = \"100001000000001\""), "\(set)")
    try person.complete("GET $p", showing: "id")
    let answer = try person.submit(" fields=name")
    #expect(answer.contains("\"name\": \"Alice Whitfield\""), "\(answer)")
    let secret = "EAABsecretLiveToken1234567890"
    let token = try person.submit("let my_token = \(secret)")
    #expect(token.contains("EAAB…7890"), "\(token)")
    let unknown = try person.submit("token $my_tokn")
    #expect(unknown.contains("did you mean $my_token?"), "\(unknown)")
    let history = try person.leave()
    #expect(history.contains("let pid = $last.id"))
    #expect(!history.contains(secret), "\(history)")
  }
}
