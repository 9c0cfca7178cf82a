import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 45: hints after a dead token (190/463, 460, 467, 458), a malformed one, and a URL
/// typed without `https://`, at the prompt.
@Suite(.timeLimit(.minutes(2))) struct DeadTokenHintTests {
  @Test(arguments: [
    (463, "the token expired: log in again"),
    (460, "changed their password: log in again"),
    (467, "the user logged out: log in again"),
    (458, "the user removed the app"),
  ])
  func eachDeathSaysWhatToDo(subcode: Int, text: String) {
    #expect(REPL.deadTokenHint(subcode: subcode, message: "")?.contains(text) == true)
  }

  @Test func aHostIsNoObject() {
    #expect(
      REPL.hostAsPathHint(path: "graph.facebook.com/me/friends")?.hasPrefix(
        "did you mean GET me/friends?") == true)
    #expect(REPL.hostAsPathHint(path: "me/friends") == nil)
  }

  @Test func aTypoInANestedSelectionNamesItsEdge() {
    #expect(REPL.enclosingEdge(of: "nmae", in: "id,friends{nmae}") == "friends")
    #expect(REPL.enclosingEdge(of: "nmae", in: "friends.limit(5){id,nmae}") == "friends")
    #expect(REPL.enclosingEdge(of: "nmae", in: "photos{from{nmae}}") == "from")
    #expect(REPL.enclosingEdge(of: "nmae", in: "nmae,friends{name}") == nil)
  }

  @Test func typedAtThePrompt() throws {
    let home = try InteractiveTests.Home()
    let terminal = try InteractiveTests.start(home)
    _ = try InteractiveTests.submit(terminal, "set pager off")
    // (the token to set first, if any; the request; what its hint says)
    let cases: [(String?, String, String)] = [
      (nil, "GET graph.facebook.com/me", "did you mean GET me?"),
      (nil, "GET me?fields=id,friends{nmae}", "did you mean friends{name}?"),
      ("expired", "GET me", "the token expired: log in again"),
      ("logged-out", "GET me", "the user logged out"),
      ("bad!token", "GET me", "not one Graph could read"),
    ]
    for (token, request, hint) in cases {
      if let token { _ = try InteractiveTests.submit(terminal, "token \(token)") }
      let shown = try InteractiveTests.submit(terminal, request)
      #expect(shown.contains(hint), "\(shown)")
    }
    try InteractiveTests.leave(terminal)
  }
}
