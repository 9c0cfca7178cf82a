import GraphCassette

/// A small command-line reader for the cassette subcommands (`import`, `export`, `verify`):
/// operands, `--name value` / `--name=value` options (repeatable), and flags.
struct CassetteArguments: Sendable {
  /// A bad command line: what and where.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  var operands: [String] = []
  var options: [String: [String]] = [:]
  var flags: Set<String> = []

  /// Parses `arguments` with `OptionTable`: `valued` names take a value (repeatable),
  /// `flagNames` do not; anything else starting with `-` is an error naming it.
  static func parse(
    _ arguments: [String], valued: Set<String>, flagNames: Set<String>
  ) throws(Failure) -> CassetteArguments {
    let flags: [OptionTable<CassetteArguments>.Row] = flagNames.sorted().map { name in
      .flag([name], "") { $0.flags.insert(name) }
    }
    let values: [OptionTable<CassetteArguments>.Row] = valued.sorted().map { name in
      .value([name], "VALUE", "") { $0.options[name, default: []].append($1) }
    }
    let table = OptionTable(flags + values, help: { $0.flags.insert("--help") })
    var parsed = CassetteArguments()
    do throws(OptionError) {
      let operands = try table.parse(arguments, into: &parsed)
      parsed.operands = operands
    } catch {
      throw Failure(description: error.description)
    }
    return parsed
  }

  /// The last value of option `name`, if given.
  func value(_ name: String) -> String? { options[name]?.last }

  /// Whether `--help` or `-h` was given.
  var wantsHelp: Bool { flags.contains("--help") || flags.contains("-h") }

  /// The interchange format the first given of `names` spells (`--from vcr`); nil when none
  /// was given, a failure listing the formats when it names none of them.
  func format(_ names: String...) throws(Failure) -> InterchangeFormat? {
    guard let name = names.lazy.compactMap({ value($0) }).first else { return nil }
    guard let format = InterchangeFormat(parsing: name) else {
      throw Failure(description: "unknown format '\(name)' (expected \(InterchangeFormat.names))")
    }
    return format
  }

  /// What a subcommand's command line comes to: its arguments to run with, or the exit status
  /// once `--help` was shown or a bad line reported.
  enum Outcome {
    case run(CassetteArguments)
    case done(ExitStatus)

    /// The status to leave with when the command does not run.
    var status: ExitStatus {
      if case .done(let status) = self { return status }
      return .success
    }
  }

  /// Parses the arguments of `graph-explorer command`: `--help` writes `usage`, a bad line is
  /// reported with the help hint (`usageFailure`).
  static func parse(
    _ arguments: [String], valued: Set<String>, flagNames: Set<String>, command: String,
    usage: String, console: any Console
  ) -> Outcome {
    do {
      let parsed = try parse(arguments, valued: valued, flagNames: flagNames)
      guard !parsed.wantsHelp else {
        console.write(usage)
        return .done(.success)
      }
      return .run(parsed)
    } catch {
      return .done(usageFailure(error.description, command: command, console: console))
    }
  }

  /// Reports a bad command line of `graph-explorer command` and points at its help.
  static func usageFailure(_ message: String, command: String, console: any Console)
    -> ExitStatus
  {
    console.errorLine(ErrorPresenter.subcommand(command, message))
    console.errorLine("try 'graph-explorer \(command) --help'")
    return .usage
  }
}
