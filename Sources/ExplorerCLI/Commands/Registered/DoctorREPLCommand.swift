/// `doctor [--html FILE [--force]]`: the session so far diagnosed as `graph-explorer doctor` diagnoses a
/// recording.
struct DoctorREPLCommand: REPLCommand {
  static let help = CommandHelp(
    "doctor [--html FILE [--force]]",
    summary: "Diagnoses the session so far: errors by cause and the SDK's next step, tokens, waste",
    details: """
      Reads every exchange of the session as `graph-explorer doctor` reads a recording: the
      hosts and Graph versions called, each token (whose, permissions seen, when it died),
      every error grouped by cause with the iOS SDK 3.x's next step and what came next,
      throttling and usage headers, repeated GETs, paging loops and calls a batch would save.
      Tokens are shown by placeholder. The #n are the history's numbers. See docs/doctor.md.
      """,
    options: [
      "--html FILE": "also write the self-contained HTML report to FILE",
      "--force": "replace FILE when it exists",
    ],
    examples: "doctor", "doctor --html report.html")

  var html: String?
  var force = false

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> DoctorREPLCommand {
    var words = arguments.map(\.text)
    let force = words.firstIndex(of: "--force").map { words.remove(at: $0) } != nil
    switch words {
    case [] where !force: return DoctorREPLCommand(html: nil)
    case let words where words.count == 2 && words[0] == "--html":
      return DoctorREPLCommand(html: words[1], force: force)
    default: throw CommandParser.usage(reference.name)
    }
  }

  static func completion(_ context: CompletionContext) -> Completion? { context.fileNames() }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(try repl.doctor(html: html, force: force))]
  }
}
