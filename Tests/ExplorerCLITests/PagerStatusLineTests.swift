import Foundation
import GraphTestSupport
import Testing

/// Issue 11, item 5, on a pseudo-terminal: the pager is `$GRAPH_EXPLORER_PAGER`, else `$PAGER`,
/// and it gets the status line above the answer, so a pager that fills the screen (`less -FRX`)
/// leaves the status line on the screen above the answer after `q`.
@Suite(.serialized) struct PagerStatusLineTests {
  static let tall = "GET me/friends?limit=50&fields=id,name"

  /// What the pager was given when `environment` names it as `cat > file`.
  static func paged(_ environment: [String: String], into file: String) throws -> String {
    let home = try InteractiveTests.Home()
    let terminal = try InteractiveTests.start(home, environment)
    let shown = try InteractiveTests.submit(terminal, tall)
    try InteractiveTests.leave(terminal)
    // The status line was not printed before the pager as well.
    #expect(!shown.contains("HTTP 200 · "), "\(shown)")
    // Colours stripped: the pager gets them (less -R shows them).
    return try String(contentsOfFile: file, encoding: .utf8).replacing(/\u{1B}\[[0-9;]*m/, with: "")
  }

  @Test func graphExplorerPagerComesFirstAndGetsTheStatusLineAboveTheAnswer() throws {
    let dir = ScratchDirectory("pager-status")
    let text = try Self.paged(
      ["GRAPH_EXPLORER_PAGER": "cat > '\(dir.file("paged.txt"))'", "PAGER": "false"],
      into: dir.file("paged.txt"))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("HTTP 200 · v2.2 · ") == true, "\(text.prefix(200))")
    #expect(lines.first?.hasSuffix(" ms · #1") == true)
    #expect(lines.dropFirst().first == "{")
    #expect(lines.count > 50)
  }

  @Test func pagerIsHonouredWithoutGraphExplorerPager() throws {
    let dir = ScratchDirectory("pager-env")
    let text = try Self.paged(
      ["PAGER": "cat > '\(dir.file("paged.txt"))'"], into: dir.file("paged.txt"))
    #expect(text.hasPrefix("HTTP 200 · "), "\(text.prefix(200))")
    #expect(text.contains("\"data\""))
  }
}
