import GraphEmulator
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// What is typed is what is sent (issue 29): a token in the path's query wins over the
/// session's, as an `access_token=` item does.
@Suite struct TypedTokenTests {
  @Test(arguments: [
    ("me?access_token=CAAEmuBob&fields=name", "me?fields=name", "CAAEmuBob"),
    ("me?fields=name&access_token=A%7CB", "me?fields=name", "A|B"),
    ("me?access_token=T", "me", "T"),
    (
      "https://graph.facebook.com/v2.2/me?fields=id&access_token=T",
      "https://graph.facebook.com/v2.2/me?fields=id", "T"
    ),
  ])
  func theTokenIsTakenOutOfThePath(path: String, rest: String, token: String) throws {
    let (kept, typed) = try #require(Session.splittingToken(from: path))
    #expect(kept == rest)
    #expect(typed == token)
  }

  @Test func aPathWithoutATokenIsLeftAlone() {
    #expect(Session.splittingToken(from: "me?fields=friends.limit(5){name}") == nil)
    #expect(Session.splittingToken(from: "me") == nil)
  }

  @Test func theTypedTokenIsSent() async throws {
    let console = CapturingConsole(input: "")
    let repl = RecordingLookupTests.repl(console)
    #expect(await repl.execute("GET me?access_token=CAAEmuBob&fields=name", lineNumber: 1))
    #expect(console.output.contains("Bob Okafor"))
    #expect(!console.output.contains("Alice Whitfield"))
    #expect(await repl.execute("history", lineNumber: 2))
    #expect(console.output.contains("token CAAEmuBob (the path's access_token)"))
  }
}
