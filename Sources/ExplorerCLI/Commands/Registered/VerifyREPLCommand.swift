/// `verify <cassette> [options]`: a cassette's requests sent again, drift reported per
/// interaction (`VerifyArguments`, as `graph-explorer verify` takes them).
struct VerifyREPLCommand: REPLCommand {
  static let help = CommandHelp(
    "verify <cassette> [--target emulator|live|<url>] [--ignore <paths>]",
    summary: "Re-sends a cassette's requests to a fresh target and reports drift per interaction",
    details: """
      Checks status, error code and subcode, Content-Type, the JSON body structurally and
      the interactions' expect assertions, ignoring volatile values (ids minted by writes,
      times, fbtrace_id, cursors). Replays a session: tokens, codes and ids the recording
      minted are followed from the target's answers; drift is grouped by cause, numbered
      from #1. Drift makes a script exit 1.
      """,
    options: [
      "--target T": "emulator (a fresh one, the default), live, a URL or a cassette",
      "--ignore <paths>": "comma-separated JSON paths to leave out (repeatable)",
      "--no-default-ignores": "compares the volatile values too",
      "--secret NAME=VALUE": "puts a redacted secret (<NAME>) back when re-sending",
    ],
    examples: "verify c.json", "verify c.json --ignore data[*].updated_time")

  var arguments: [String]

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> VerifyREPLCommand {
    guard !arguments.isEmpty else { throw CommandParser.usage(reference.name) }
    return VerifyREPLCommand(arguments: arguments.map(\.text))
  }

  static func completion(_ context: CompletionContext) -> Completion? { context.fileNames() }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(try await repl.verify(arguments))]
  }
}
