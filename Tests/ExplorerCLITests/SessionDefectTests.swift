import Foundation
import GraphTestSupport
import Testing

/// Issue 11, item 7: the defects a person met in one session, each as a script run the way it
/// was typed.
@Suite struct SessionDefectTests {
  static func run(_ input: String, _ arguments: [String] = ["--no-color"]) async
    -> ScriptModeTests.Run
  {
    await ScriptModeTests.run(input, arguments)
  }

  @Test func searchWithoutTextIsThePlacePickersNearbySearch() async throws {
    let run = await Self.run(
      "search type=place center=37.7749,-122.4194 distance=5000 limit=3\nhistory\n")
    #expect(run.status == .success, "\(run.errors)")
    #expect(run.output.contains("HTTP 200"))
    #expect(run.output.contains("GET /search?type=place&center=37.7749,-122.4194&distance=5000"))
    #expect(!run.output.contains("q="))
    let bare = await Self.run("search\n")
    #expect(bare.errors.contains("usage of search: search <text>"))
  }

  @Test func postAndDeleteAloneGiveTheirOwnUsage() async {
    let post = await Self.run("POST\n")
    #expect(post.errors.contains("usage of POST: POST <path>"), "\(post.errors)")
    let delete = await Self.run("DELETE\n")
    #expect(delete.errors.contains("usage of DELETE: DELETE <path>"), "\(delete.errors)")
  }

  @Test func tokenTakesTestTokenNamesAndShowsByOneRule() async {
    let run = await Self.run(
      "token alice-publish\ntoken\nGET me?fields=name\ntoken EAABsomebodyelse1234\ntoken\n")
    #expect(run.output.contains("token set (CAAEmuAlicePublish) · the test token alice-publish"))
    #expect(run.output.contains("token CAAEmuAlicePublish\n"))
    #expect(run.output.contains("Alice Whitfield"))
    // Not the emulator's: masked when set and when shown.
    #expect(run.output.contains("token set (EAAB…1234)"))
    #expect(run.output.contains("token EAAB…1234\n"))
    #expect(!run.output.contains("EAABsomebodyelse1234"))
  }

  @Test func historyShowsPostParametersWithSecretsRedacted() async {
    let run = await Self.run(
      "POST me/feed message=\"hello there\" link=http://example.com client_secret=s3cr3t\n"
        + "history\n")
    #expect(run.output.contains(#"POST /me/feed message="hello there" link=http://example.com"#))
    #expect(run.output.contains("client_secret=<redacted>"))
    #expect(!run.output.contains("s3cr3t"))
    #expect(!run.output.contains("access_token"))
  }

  @Test func rerunEchoesTheLineAndKeepsItsVersion() async {
    let run = await Self.run("version v2.0\nGET me?fields=id\nversion v2.3\n!1\nhistory\n")
    #expect(run.status == .success, "\(run.errors)")
    #expect(run.output.contains("\nGET me?fields=id\nHTTP 200"), "\(run.output)")
    #expect(run.output.contains("#2  200  GET /v2.0/me?fields=id"))
    #expect(!run.output.contains("/v2.3/me"))
  }

  @Test func recordOnAnExistingCassetteSaysItReplaysAndMissesNameTheCassette() async throws {
    let dir = ScratchDirectory("record-existing")
    let file = dir.file("c.json")
    let first = await Self.run("record \(file)\nGET me?fields=id\nrecord stop\n")
    #expect(first.output.contains("recording to \(file) (mode once): requests go to the emulator"))
    let second = await Self.run("record \(file)\nGET me?fields=name\n")
    #expect(
      second.output.contains(
        "\(file) exists (1 interaction): mode once replays it and records nothing"),
      "\(second.output)")
    #expect(second.errors.contains("\(file) (record mode once, target emulator): no recorded"))
    #expect(!second.errors.contains("graph.facebook.com:"))
  }

  @Test func theDocumentedOpenGraphReadIsValidSyntax() async throws {
    let run = await Self.run(
      "login alice publish_actions\n"
        + "POST me/fb_sample_scrumps:eat meal=http://samples.ogp.me/233936543368280\n"
        + "GET $last.id?fields=data{meal{id,url,type,title}}\nexpect status == 200\n")
    #expect(run.status == .success, "\(run.errors)")
    let docs = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/emulator.md"), encoding: .utf8)
    #expect(!docs.contains("data.meal{"))
    #expect(docs.contains("data{meal{id,url,type,title}}"))
  }
}

/// Issue 11, item 6: "did you mean" from what the session knows, on the built binary in a
/// pseudo-terminal.
@Suite(.serialized) struct DidYouMeanTests {
  @Test func mistypedCommandEdgeFieldAndPerson() throws {
    let home = try InteractiveTests.Home()
    let terminal = try InteractiveTests.start(home, ["NO_COLOR": "1"])
    #expect(
      try InteractiveTests.submit(terminal, "GTE me").contains(
        "unknown command 'GTE': did you mean GET?"))
    let field = try InteractiveTests.submit(terminal, "GET me?fields=id,nmae")
    #expect(field.contains("HTTP 400"))
    #expect(field.contains("did you mean name? (no field 'nmae' on me)"), "\(field)")
    let edge = try InteractiveTests.submit(terminal, "GET me/freinds")
    #expect(edge.contains("did you mean me/friends? (no edge 'freinds' on me)"), "\(edge)")
    let person = try InteractiveTests.submit(terminal, "login bbo")
    #expect(person.contains("no person 'bbo' in the world: did you mean bob?"), "\(person)")
    #expect(person.contains("people: alice.whitfield, bob.okafor"), "\(person)")
    try InteractiveTests.leave(terminal)
  }
}
