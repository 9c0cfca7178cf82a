import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 11, item 3: request items as HTTPie has them, and `--offline`.
@Suite struct RequestItemsTests {
  static let items: [(String, Parameter.Value?)] = [
    ("Accept-Language:fr_FR", .header(Template(literal: "fr_FR"))),
    ("message=@note.txt", .textFile(Template(literal: "note.txt"))),
    ("data:=@v.json", .jsonFile(Template(literal: "v.json"))),
    ("tags:=[1]", .json(Template(literal: "[1]"))),
    ("og:title=Lunch", .text(Template(literal: "Lunch"))),
    ("source@meal.png", .file(Template(literal: "meal.png"))),
    ("1x:y", nil),
  ]

  @Test(arguments: items)
  func parses(text: String, value: Parameter.Value?) {
    #expect(Parameter(word: Word(text))?.value == value)
  }

  @Test func theNameOfAnOpenGraphPropertyKeepsItsColon() {
    #expect(Parameter(word: Word("og:title=Lunch"))?.name == "og:title")
  }

  @Test func offlinePrintsTheRequestAndSendsNothing() async throws {
    let dir = ScratchDirectory("request-items")
    try "hello file\n".write(toFile: dir.file("msg.txt"), atomically: true, encoding: .utf8)
    try #"{"a": [1, 2]}"#.write(toFile: dir.file("v.json"), atomically: true, encoding: .utf8)
    let run = await ScriptModeTests.run(
      "POST me/feed message=@\(dir.file("msg.txt")) data:=@\(dir.file("v.json"))"
        + " Accept-Language:fr_FR --offline\nhistory\n"
        + "GET me fields=id Authorization:\"OAuth EAABsecretsecret99\" --offline\n"
        + "GET me fields=id --offline --with-token\n",
      ["--no-color"])
    #expect(run.status == .success, "\(run.errors)")
    #expect(run.output.contains("POST /me/feed HTTP/1.1\nHost: graph.facebook.com\n"))
    #expect(run.output.contains("Accept-Language: fr_FR\n"))
    #expect(
      run.output.contains(
        "\nmessage=hello%20file&data=%7B%22a%22%3A%5B1%2C2%5D%7D&access_token=<redacted>\n"),
      "\(run.output)")
    #expect(run.output.contains("no exchanges yet"))  // nothing was sent
    #expect(run.output.contains("Authorization: OAuth EAAB…et99\n"))
    #expect(!run.output.contains("EAABsecretsecret99"))
    // The Authorization header replaces the session's token.
    #expect(run.output.contains("GET /me?fields=id HTTP/1.1"))
    #expect(run.output.contains("GET /me?fields=id&access_token=CAAEmuAlice HTTP/1.1"))
  }

  @Test func anExplicitTokenOrAuthorizationHeaderWinsOverTheSessions() async {
    let run = await ScriptModeTests.run(
      "GET me access_token=CAAEmuBob fields=name\n"
        + "GET me fields=name Authorization:\"OAuth CAAEmuBob\"\nGET me fields=name\n",
      ["--no-color"])
    #expect(run.output.components(separatedBy: "Bob Okafor").count == 3, "\(run.output)")
    #expect(run.output.contains("Alice Whitfield"))
  }
}
