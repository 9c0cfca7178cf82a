/// `record <file> [--mode M] | record stop`: the exchanges that follow recorded into a cassette.
struct RecordCommand: REPLCommand {
  static let help = CommandHelp(
    "record <file> [[--mode] once|new_episodes|none|all] | record stop",
    summary: "Records the exchanges that follow into a cassette (secrets redacted), or stops",
    details: """
      Modes: once (the default: records a new cassette, replays an existing one), new_episodes,
      none, all. It says what it will do and which target answers. Begun mid-session on the
      emulator, the cassette starts with the session's token and grants and its earlier writes,
      so what it records verifies against a fresh emulator.
      """,
    options: [
      "<file>": "the cassette (docs/cassette-format.md)",
      "--mode M": "once, new_episodes, none or all, as Ruby VCR's record modes",
      "stop": "stops recording and writes the cassette",
    ],
    examples: "record c.json", "record c.json --mode new_episodes", "record stop")

  /// The cassette, `nil` for `record stop`.
  var file: String?
  var mode: String?

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> RecordCommand {
    let words = arguments.map(\.text)
    switch words.count {
    case 1 where words[0] == "stop": return RecordCommand(file: nil, mode: nil)
    case 1: return RecordCommand(file: words[0], mode: nil)
    case 2: return RecordCommand(file: words[0], mode: words[1])
    case 3 where words[1] == "--mode": return RecordCommand(file: words[0], mode: words[2])
    default: throw CommandParser.usage(reference.name)
    }
  }

  static let modes = ["once", "new_episodes", "none", "all"]

  static func completion(_ context: CompletionContext) -> Completion? {
    switch context.index {
    case 1: return Completion(prefix: context.current, candidates: ["--mode"] + modes)
    case 2 where context.words[2] == "--mode":
      return Completion(prefix: context.current, candidates: modes)
    default: return context.fileNames()
    }
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    var note = try repl.record(file, mode: mode)
    guard file != nil else { return [.note(note)] }
    await repl.recordSessionIdentity()
    if let writes = repl.recordEarlierWrites(), writes > 0 {
      note += "; it starts with this session's \(writes) earlier write(s)"
    }
    return [.note(note)]
  }
}

/// `replay <file> | replay stop`: answers from a cassette, or back to the emulator.
struct ReplayCommand: REPLCommand {
  static let help = CommandHelp(
    "replay <file> | replay stop",
    summary: "Answers from a cassette instead of the emulator, or goes back to the emulator",
    details: """
      A request the cassette does not hold is an error naming the closest recorded request
      and what differs. graph-explorer --replay FILE replays from the start.
      """,
    options: [
      "<file>": "the cassette to answer from",
      "stop": "goes back to the emulator",
    ],
    examples: "replay c.json", "replay stop")

  /// The cassette, `nil` for `replay stop`.
  var file: String?

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> ReplayCommand {
    guard arguments.count == 1 else { throw CommandParser.usage(reference.name) }
    return ReplayCommand(file: arguments[0].text == "stop" ? nil : arguments[0].text)
  }

  static func completion(_ context: CompletionContext) -> Completion? { context.fileNames() }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.note(try repl.replay(file))]
  }
}
