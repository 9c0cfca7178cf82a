import GraphEmulator
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 29: a mistyped test token's name and a call without a token say what to do.
@Suite struct TokenHintTests {
  @Test func aTypoOfATestTokensNameIsNamedWhenSet() async {
    let console = CapturingConsole(input: "token alcie\ntoken CAAEmuBob\n")
    _ = await GraphExplorer.main(arguments: [], console: console)
    let all = console.output + console.errors
    #expect(all.contains("did you mean alice? (token alice)"), "\(all)")
    #expect(!all.contains("did you mean alice-publish"))
  }

  @Test func a190ForATypoAndA2500WithoutATokenGetHints() async throws {
    let console = CapturingConsole(input: "")
    let repl = RecordingLookupTests.repl(console)
    #expect(await repl.execute("token alcie", lineNumber: 1))
    #expect(await repl.execute("GET me", lineNumber: 2))
    let wrong = try repl.session.exchange(.last)
    #expect(wrong.response.status == 400)
    #expect(repl.tokenHint(for: wrong)?.contains("did you mean the test token alice?") == true)
    #expect(await repl.execute("token clear", lineNumber: 3))
    #expect(await repl.execute("GET me", lineNumber: 4))
    let none = try repl.session.exchange(.last)
    #expect(repl.tokenHint(for: none)?.hasPrefix("no token was sent: set one with token") == true)
  }
}

/// Issue 29: a place search that finds nothing says where the world's places are.
@Suite struct PlaceSearchHintTests {
  @Test func anEmptyPlaceSearchNamesWhereThePlacesAre() async throws {
    let console = CapturingConsole(input: "")
    let repl = RecordingLookupTests.repl(console)
    #expect(
      await repl.execute(
        "GET search type=place q=coffee center=48.85,2.35 distance=1000", lineNumber: 1))
    let empty = try repl.session.exchange(.last)
    let hint = try #require(repl.emptyPlaceSearchHint(for: empty))
    #expect(hint.hasPrefix("no place here matched; the world's"))
    #expect(hint.contains("center=37."), "\(hint)")
    // Following the hint finds them.
    let center = try #require(hint.split(separator: "center=").last?.split(separator: "&").first)
    #expect(
      await repl.execute(
        "GET search type=place q=coffee center=\(center) distance=5000", lineNumber: 2))
    let found = try repl.session.exchange(.last)
    #expect(found.json?["data"]?.arrayValue?.isEmpty == false, "\(found.response.bodyText)")
    #expect(repl.emptyPlaceSearchHint(for: found) == nil)
  }
}
