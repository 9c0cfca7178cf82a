import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 45: `token page NAME|ID` reads `me/accounts` and uses that Page's token in one step.
@Suite(.timeLimit(.minutes(2))) struct PageTokenTests {
  @Test func byNameIdOrTheOnlyOne() async {
    let run = await ScriptModeTests.run(
      """
      token alice-pages
      token page farmers
      whoami
      token page 146903518661553
      token page
      token page San Francisco Famers Market
      history
      token alice
      token page

      """, ["--no-color"])
    let set =
      "token set (EAAEmuMarketPage) · the Page San Francisco Farmers Market (146903518661553) · from #1 GET me/accounts"
    #expect(run.output.contains(set), "\(run.output)\(run.errors)")
    #expect(run.output.contains("the Page San Francisco Farmers Market (146903518661553) · token"))
    // With the Page's token set, the person's token that read its me/accounts reads them again.
    #expect(run.output.contains("from #2 GET me/accounts"), "\(run.output)")
    #expect(run.output.contains("from #3 GET me/accounts"))
    #expect(
      run.errors.contains(
        "line 6: error: token page: no Page 'San Francisco Famers Market' in #4 GET me/accounts: did you mean San Francisco Farmers Market?"
      ), "\(run.errors)")
    #expect(run.output.contains("#1  200  GET /me/accounts"))
    #expect(
      run.errors.contains(
        "line 9: error: token page: #5 GET me/accounts lists no Page: the person manages none, or the token lacks manage_pages ('whoami' lists its permissions; 'grant manage_pages' adds it)"
      ))
  }

  @Test func typedAtThePrompt() throws {
    let person = try TypedSession()
    try person.submit("token alice-pages")
    let set = try person.submit("token page Farmers")
    #expect(set.contains("token set (EAAEmuMarketPage) · the Page San Francisco"), "\(set)")
    #expect(try person.submit("whoami").contains("the Page San Francisco Farmers Market"))
    #expect(try person.leave().contains("token page Farmers"), "the line holds no secret")
  }
}
