import Foundation
import GraphTestSupport
import Testing

/// Issue 45: `token` takes `$last...` as every typed value does, so a Page's token from
/// `me/accounts` is one line; a path that finds nothing is a one-line error.
@Suite(.timeLimit(.minutes(2))) struct TokenVariableTests {
  @Test func aPagesTokenFromTheLastAnswer() async {
    let run = await ScriptModeTests.run(
      """
      token alice-pages
      GET me/accounts
      token $last.data[0].access_token
      whoami
      token $last.nope

      """, ["--no-color"])
    #expect(run.output.contains("token set (EAAEmuMarketPage)"), "\(run.output)\(run.errors)")
    #expect(
      run.output.contains(
        "the Page San Francisco Farmers Market (146903518661553) · token EAAEmuMarketPage · valid"))
    #expect(run.errors.contains("$last.nope does not name a value in that answer"))
  }

  @Test func typedAtThePrompt() throws {
    let home = try InteractiveTests.Home()
    let terminal = try InteractiveTests.start(home)
    _ = try InteractiveTests.submit(terminal, "set pager off")
    _ = try InteractiveTests.submit(terminal, "token alice-pages")
    _ = try InteractiveTests.submit(terminal, "GET me/accounts")
    let set = try InteractiveTests.submit(terminal, "token $last.data[0].access_token")
    #expect(set.contains("token set (EAAEmuMarketPage)"), "\(set)")
    let who = try InteractiveTests.submit(terminal, "whoami")
    #expect(who.contains("the Page San Francisco Farmers Market"), "\(who)")
    try InteractiveTests.leave(terminal)
  }
}
