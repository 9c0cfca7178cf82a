/// `diff [#a] [#b | <file>] [options]`: two answers' JSON compared, or an answer and a JSON
/// file, with `graph-explorer diff`'s options (`DiffArguments`; `REPL.diff` renders it).
struct DiffREPLCommand: REPLCommand {
  static let help = CommandHelp(
    "diff [#a] [#b | <file>] [--key k,...] [--ignore <path>] [--ignore-order] [--exact] "
      + "[--context N] [--patch | --merge]",
    summary:
      "Compares two answers' JSON, or an answer and a JSON file (default: the last two; "
      + "one #a: #a with the last)",
    details: """
      One line per difference, by path, under a --- #a / +++ #b header: changed, + added,
      - removed, ~ moved (array elements matched by id). Two long strings that differ are
      shown from a little before their first difference, with … where they are cut.
      """,
    options: [
      "#a #b": "the two exchanges (default: the last two; one #a: #a with the last)",
      "<file>": "a JSON file instead of #b (./3 for a file called 3)",
      "--key k,...": "the members that identify array elements (default: id)",
      "--ignore <path>": "leaves a path out (repeatable; *, [*], ** wildcards)",
      "--ignore-order": "arrays compare as multisets",
      "--exact": "numbers compare by their text (1.0 differs from 1)",
      "--context N": "shows N unchanged neighbours around each difference",
      "--patch": "prints an RFC 6902 JSON Patch instead",
      "--merge": "prints an RFC 7386 merge patch instead",
    ],
    examples: "diff", "diff #2 #3 --ignore paging", "diff #3 expected.json",
    "diff #1 #2 --patch > fix.json")

  /// What the old answer is compared with.
  enum Side: Equatable, Sendable {
    case exchange(ExchangeReference)
    /// A JSON file.
    case file(String)
  }

  /// The old answer; `nil`: the one before the last answer (or `#a` with the last).
  var old: ExchangeReference?
  /// `nil`: the last answer.
  var new: Side?
  var arguments: DiffArguments

  /// `diff --help` asks for help, whatever else the line says.
  static func command(from words: [Word]) throws(ExplorerError) -> any REPLCommand {
    let diff = try parse(words)
    return diff.arguments.help ? HelpCommand(topic: reference.name) : diff
  }

  static func parse(_ words: [Word]) throws(ExplorerError) -> DiffREPLCommand {
    let arguments: DiffArguments
    do {
      arguments = try DiffArguments.parse(words.map(\.text))
    } catch {
      throw .syntax(message: error.description, column: words.first?.column ?? 1)
    }
    if arguments.help { return DiffREPLCommand(old: nil, new: nil, arguments: arguments) }
    let operands = arguments.operands
    guard operands.count <= 2 else { throw CommandParser.usage(reference.name) }
    var old: ExchangeReference?
    if let first = operands.first {
      guard let ref = ExchangeReference(first) else {
        throw .syntax(
          message: "expected an exchange such as #3, found '\(first)'",
          column: words.first { $0.text == first }?.column ?? 1)
      }
      old = ref
    }
    var new: Side?
    if operands.count == 2 {
      let second = operands[1]
      new = ExchangeReference(second).map { .exchange($0) } ?? .file(second)
    }
    return DiffREPLCommand(old: old, new: new, arguments: arguments)
  }

  static func completion(_ context: CompletionContext) -> Completion? { context.fileNames() }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    try repl.diff(old, new, arguments)
  }
}
