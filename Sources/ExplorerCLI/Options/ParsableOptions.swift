/// What a subcommand's command line parses into, declared once as the rows of `table` (in the
/// manner of swift-argument-parser's `ParsableArguments`): the parser, `--help`'s `options:`
/// lines and the errors all read the rows, so adding an option is adding a row.
protocol ParsableOptions: Sendable {
  /// What the command runs with once the checks pass: the options themselves, or (where
  /// `validate()` would prove optional values present) a type holding them unwrapped.
  associatedtype Validated = Self
  /// Nothing given yet: every option at its default.
  init()
  /// The options, one row each.
  static var table: OptionTable<Self> { get }
  /// The words that are not options, in order.
  var operands: [String] { get set }
  /// Whether `-h`/`--help` was given.
  var help: Bool { get }
  /// Checks what the rows cannot check one at a time: the operands, options that are
  /// required or go together (as swift-argument-parser's `validate()`).
  /// - Throws: `.invalid` saying what is wrong.
  func validate() throws(OptionError)
  /// The checked options the command runs with.
  /// - Throws: `.invalid` saying what is wrong.
  func validated() throws(OptionError) -> Validated
}

extension ParsableOptions where Validated == Self {
  func validated() throws(OptionError) -> Self {
    try validate()
    return self
  }
}

extension ParsableOptions {
  func validate() throws(OptionError) {}

  /// `operands`, when there is just one: what `expected` names.
  /// - Throws: `.invalid`: `expected one <expected>, got N`.
  func single(_ expected: String) throws(OptionError) -> String {
    guard operands.count == 1 else {
      throw .invalid("expected one \(expected), got \(operands.count)")
    }
    return operands[0]
  }

  /// `arguments` read by the rows of `table`.
  /// - Throws: what `OptionTable.parse` throws: an unknown option, a missing or unexpected
  ///   value, or a value a row refuses.
  static func read(_ arguments: [String]) throws(OptionError) -> Self {
    var parsed = Self()
    parsed.operands = try table.parse(arguments, into: &parsed)
    return parsed
  }

  /// The command line of `graph-explorer command`: its options to run with, or the exit
  /// status once `--help` wrote `usage` or a bad line was reported with the help hint.
  static func read(
    _ arguments: [String], command: String, usage: String, console: any Console
  ) -> SubcommandLine<Validated> {
    do throws(OptionError) {
      let parsed = try read(arguments)
      guard !parsed.help else {
        console.write(usage)
        return .done(.success)
      }
      return .run(try parsed.validated())
    } catch {
      return .done(
        SubcommandLine<Validated>.failure(error.description, command: command, console))
    }
  }
}

/// The options of a subcommand that reads one or more files (`audit FILE...`).
protocol FileListOptions: ParsableOptions {}

extension FileListOptions {
  func validate() throws(OptionError) {
    guard !operands.isEmpty else { throw .invalid("expected at least one file") }
  }
}

/// What a subcommand's command line comes to.
enum SubcommandLine<Options> {
  /// Run with these options.
  case run(Options)
  /// Leave with this status: help was shown, or the line was wrong.
  case done(ExitStatus)

  /// The status to leave with when the command does not run.
  var status: ExitStatus {
    if case .done(let status) = self { return status }
    return .success
  }

  /// Reports a bad command line of `graph-explorer command` and points at its help.
  static func failure(_ message: String, command: String, _ console: any Console) -> ExitStatus {
    console.errorLine(ErrorPresenter.subcommand(command, message))
    console.errorLine("try 'graph-explorer \(command) --help'")
    return .usage
  }
}
