import Foundation
import GraphAPI
import GraphCassette
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 27: a plain JSON response fixture imports as a one-interaction cassette for the URL
/// it answers, redacted, and bad input is one line.
@Suite struct JSONAnswerImportTests {
  static func run(_ arguments: [String]) async -> (ExplorerCLI.ExitStatus, String, String) {
    let console = CapturingConsole(input: "")
    let status = await GraphExplorer.main(arguments: arguments, console: console)
    return (status, console.output, console.errors)
  }

  @Test func aFixtureBecomesACassetteAnsweringItsURL() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let fixture = scratch.file("me.json")
    try Data(#"{"id":"1","name":"Fixture","token":"EAAGm0PX4ZCpsBAKZBzRAWTOKEN123456"}"#.utf8)
      .write(to: URL(fileURLWithPath: fixture))
    let output = scratch.file("me.cassette.json")
    let url = "https://graph.facebook.com/v2.2/me?fields=id,name"
    let (status, text, errors) = await Self.run([
      "import", fixture, "-o", output, "--from", "json-answer", "--url", url,
    ])
    #expect(status == .success, "\(errors)")
    #expect(text.contains("imported 1 interaction(s)"))
    let cassette = try Cassette.load(path: output)
    #expect(cassette.interactions.count == 1)
    #expect(cassette.interactions[0].request.url == url)
    #expect(cassette.interactions[0].response.status == 200)
    #expect(!cassette.interactions[0].response.bodyText.contains("EAAGm0PX"))
    let player = CassettePlayer(cassette: cassette)
    #expect(try player.answer(HTTPRequest(.get, url: url)).bodyText.contains("Fixture"))
  }

  @Test func anErrorFixtureIsA400AndBadInputIsOneLine() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let error = scratch.file("error.json")
    try Data(#"{"error":{"message":"Invalid OAuth access token.","code":190}}"#.utf8)
      .write(to: URL(fileURLWithPath: error))
    let output = scratch.file("error.cassette.json")
    let url = "https://graph.facebook.com/me"
    #expect(
      await Self.run(["import", error, "-o", output, "--from", "json-answer", "--url", url]).0
        == .success)
    #expect(try Cassette.load(path: output).interactions[0].response.status == 400)
    let missing = await Self.run(["import", error, "-o", output + "2", "--from", "json-answer"])
    #expect(missing.0 == .usage)
    #expect(missing.2.contains("--from json-answer needs --url URL"))
    let bad = scratch.file("bad.json")
    try Data(#"{"a":"#.utf8).write(to: URL(fileURLWithPath: bad))
    let refused = await Self.run([
      "import", bad, "-o", output + "3", "--from", "json-answer", "--url", url,
    ])
    #expect(refused.2.contains("bad.json: not a JSON answer: line 1, column 6"), "\(refused.2)")
    #expect(!FileManager.default.fileExists(atPath: output + "3"))
  }
}
