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

  /// Parses `arguments`: `valued` names take a value, `flagNames` do not; anything else
  /// starting with `-` is an error naming it.
  static func parse(
    _ arguments: [String], valued: Set<String>, flagNames: Set<String>
  ) throws(Failure) -> CassetteArguments {
    var parsed = CassetteArguments()
    var index = 0
    var onlyOperands = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
        parsed.operands.append(argument)
        continue
      }
      if argument == "--" {
        onlyOperands = true
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      if flagNames.contains(name) {
        guard parts.count == 1 else { throw Failure(description: "\(name) takes no value") }
        parsed.flags.insert(name)
      } else if valued.contains(name) {
        let value: String
        if parts.count > 1 {
          value = parts[1]
        } else {
          guard index < arguments.count else {
            throw Failure(description: "\(name) needs a value")
          }
          value = arguments[index]
          index += 1
        }
        parsed.options[name, default: []].append(value)
      } else {
        throw Failure(description: "unknown option \(argument)")
      }
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
}
