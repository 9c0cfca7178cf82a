import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// A word the command line does not know is named for what it looks like: a subcommand
/// (`graph-explorer frobnicate`) or an option (`--frobnicate`); usage status 2.
@Suite struct UnknownArgumentTests {
  static let cases: [([String], String)] = [
    (
      ["frobnicate"],
      "graph-explorer: unknown subcommand 'frobnicate' (see graph-explorer --help)\n"
    ),
    (
      ["--frobnicate"],
      "graph-explorer: unknown option '--frobnicate' (see graph-explorer --help)\n"
    ),
    (["--raw", "me"], "graph-explorer: unknown subcommand 'me' (see graph-explorer --help)\n"),
  ]

  @Test(arguments: cases)
  func namesTheUnknownWord(arguments: [String], message: String) async {
    let console = CapturingConsole(input: "")
    let status = await GraphExplorer.main(arguments: arguments, console: console)
    #expect(status == .usage)
    #expect(console.errors == message)
  }
}
