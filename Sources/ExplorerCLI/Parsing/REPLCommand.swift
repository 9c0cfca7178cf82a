/// A REPL command defined in one file, in the manner of swift-argument-parser's
/// `ParsableCommand`: what `help` lists and explains, how the words after its name parse, what
/// Tab offers after it, and what it does. `CommandRegistry.commands` lists every one; the
/// parser, `help`, `CommandReferenceTests` (against docs/commands.md) and completion read it.
protocol REPLCommand: Sendable, Equatable {
  /// Its usage line, summary, details, options and examples: what `help` lists and explains.
  static var help: CommandHelp { get }
  /// The command the words after its name make.
  /// - Throws: `.syntax` or the command's usage, naming what is wrong.
  static func parse(_ arguments: [Word]) throws(ExplorerError) -> Self
  /// What the parser makes of the words after the name: `parse`'s command, unless the words
  /// ask for another (`diff --help` is `help diff`).
  static func command(from arguments: [Word]) throws(ExplorerError) -> any REPLCommand
  /// What Tab offers in the word being typed after the name; `nil` leaves it to the rules
  /// every command shares (file names after `@`).
  static func completion(_ context: CompletionContext) -> Completion?
  /// Runs the command in `repl`; `line` is the line as typed.
  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output]
}

extension REPLCommand {
  /// The name, usage line and one-line summary `help` lists.
  static var reference: CommandReference.Entry { help.entry }
  /// What `help <name>` adds: details, options and examples.
  static var manual: CommandManual.Page { help.page }

  static func command(from arguments: [Word]) throws(ExplorerError) -> any REPLCommand {
    try parse(arguments)
  }

  static func completion(_ context: CompletionContext) -> Completion? { nil }

  /// The one word a command may take, `nil` when there is none.
  /// - Throws: the command's usage when there are more.
  static func optionalWord(_ arguments: [Word]) throws(ExplorerError) -> Word? {
    guard arguments.count <= 1 else { throw CommandParser.usage(reference.name) }
    return arguments.first
  }

  /// Whether `other` is this command with the same arguments.
  func isEqual(to other: any REPLCommand) -> Bool { (other as? Self) == self }
}

/// Where Tab was pressed after a registered command's name.
struct CompletionContext {
  /// The word being typed (empty at the start of a word).
  var current: String
  /// Its place among the arguments (0: the first after the name).
  var index: Int
  /// The words typed so far, the command's name first.
  var words: [String]
  /// The line up to the cursor.
  var before: String
  /// The completer, with what the session knows (permissions, people, files).
  var completer: Completer

  /// `candidates` for the first word after the name; nothing after it.
  func firstWord(_ candidates: [String]) -> Completion {
    index == 0 ? Completion(prefix: current, candidates: candidates) : .none
  }

  /// File names for the word, unless it is an exchange (`#3`) or an option (`--html`).
  func fileNames() -> Completion? {
    guard !current.hasPrefix("#"), !current.hasPrefix("-") else { return Completion.none }
    return completer.fileNames(current, head: "")
  }
}

/// A command without arguments: `parse` refuses any with its usage.
protocol ArgumentlessCommand: REPLCommand {
  init()
}

extension ArgumentlessCommand {
  static func parse(_ arguments: [Word]) throws(ExplorerError) -> Self {
    guard arguments.isEmpty else { throw CommandParser.usage(reference.name) }
    return Self()
  }
}

extension Command {
  /// `command` as a `Command`.
  static func of(_ command: some REPLCommand) -> Command {
    .registered(RegisteredCommand(command: command))
  }
}

/// A parsed registered command, as `Command.registered` carries it.
struct RegisteredCommand: Equatable, Sendable {
  let command: any REPLCommand

  static func == (a: RegisteredCommand, b: RegisteredCommand) -> Bool {
    a.command.isEqual(to: b.command)
  }
}
