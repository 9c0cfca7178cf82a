import Foundation
import GraphAPI
import GraphCassette
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 31: the redaction rule holds for everything printed, whatever the input: `verify`'s
/// DRIFT lines and the miss message `serve --replay` sends back show no raw token from an
/// unredacted cassette, and the verbose log shows no app secret in a body parameter.
@Suite struct PrintedSecretTests {
  static let token = "EAAGm0PX4ZCpsBAKZBzRAWTOKENFORTESTS123"

  /// A cassette recorded elsewhere and never redacted: the token in the URL, a header and the
  /// answer's body and paging URL.
  static func rawCassette(at path: String) throws {
    let next = "https://graph.facebook.com/v2.0/me/friends?access_token=\(token)&after=x"
    let body = #"{"id":"1","name":"Drifty","token_echo":"\#(token)","paging":{"next":"\#(next)"}}"#
    let cassette = Cassette(interactions: [
      Interaction(
        request: HTTPRequest(
          .get, url: "https://graph.facebook.com/v2.0/me?fields=id,name&access_token=\(token)",
          headers: ["Authorization": "OAuth \(token)"]),
        response: HTTPResponse(
          status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8)),
        recordedAt: "2025-11-30T08:00:00.000Z")
    ])
    try cassette.save(to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains(token))
  }

  @Test func verifyPrintsNoRawTokenOfTheCassette() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("raw.json")
    try Self.rawCassette(at: file)
    let console = CapturingConsole(input: "")
    let status = await GraphExplorer.main(arguments: ["verify", file], console: console)
    #expect(status == .failure)
    #expect(console.output.contains("DRIFT #1 GET /v2.0/me?fields=id,name&access_token=<redacted>"))
    #expect(console.output.contains("body token_echo: missing (recorded \"<redacted>\")"))
    // The cause of the drift comes first (issue 27).
    #expect(
      console.output.contains(
        "access_token=<redacted>\n        cause: the target answered error 190: Invalid OAuth access token.\n"
      ))
    #expect(!console.output.contains("EAAGm0PX"))
    #expect(!console.errors.contains("EAAGm0PX"))
  }

  @Test func aReplayMissNamesNoRawToken() throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("raw.json")
    try Self.rawCassette(at: file)
    let player = try CassettePlayer(file: file)
    let other = "EAAGm0PX4ZCpsBAKZBzOTHERTOKENSENT999"
    do {
      _ = try player.answer(
        HTTPRequest(.get, url: "https://graph.facebook.com/v2.0/me?fields=id&access_token=\(other)")
      )
      Issue.record("a request nothing matches was answered")
    } catch {
      let message = error.description
      #expect(
        message.hasPrefix(
          "no recorded interaction matches GET /v2.0/me?fields=id&access_token=<redacted>"))
      #expect(message.contains("closest is #1"))
      #expect(!message.contains("EAAGm0PX"))
    }
  }

  @Test func theVerboseLogShowsNoAppSecretInABody() async throws {
    let secret = "0123456789abcdef0123456789abcdef"
    let console = CapturingConsole(input: "")
    let repl = RecordingLookupTests.repl(console)
    #expect(await repl.execute("app 1234567890 \(secret)", lineNumber: 1))
    #expect(await repl.execute("set verbose on", lineNumber: 2))
    #expect(await repl.execute("POST me/feed message=\(secret)", lineNumber: 3))
    #expect(console.errors.contains("Body:\tmessage=ACCESS_TOKEN_REMOVED"))
    #expect(!console.errors.contains(secret))
    #expect(!console.output.contains(secret))
  }
}
