/// The options of one subcommand declared once, as rows (names and aliases, what value each
/// takes, its help line, what it sets), in the manner of swift-argument-parser's `@Option` and
/// `@Flag`: the parser and the `options:` section of the help both read the rows, so adding an
/// option is adding a row.
struct OptionTable<Parsed>: Sendable {
  /// What an option takes.
  enum Kind: Sendable {
    /// Nothing: `--compact`.
    case flag
    /// A value, `--name VALUE` or `--name=VALUE`; the placeholder is shown in the help.
    case value(String)
  }

  /// One option.
  struct Row: Sendable {
    /// Its names, the first shown first: `["--no-color", "--no-colour"]`, `["--context", "-C"]`.
    var names: [String]
    var kind: Kind
    /// The help line (continuation lines are indented under it).
    var help: String
    /// Applies the option (and its value, for `.value`) to what is being parsed.
    var apply: @Sendable (inout Parsed, String) throws(OptionError) -> Void
    /// Whether the help lists the row (aliases such as `--no-colour` are parsed, not shown).
    var shownNames: Int
    /// What completes its value in the shell (nothing for a flag).
    var completion = ValueCompletion.nothing
    /// Whether the command needs it (the synopsis shows it without brackets).
    var isRequired = false

    /// A flag setting what `apply` sets.
    static func flag(
      _ names: [String], shown: Int = 1, _ help: String,
      _ apply: @escaping @Sendable (inout Parsed) -> Void
    ) -> Row {
      Row(
        names: names, kind: .flag, help: help, apply: { parsed, _ in apply(&parsed) },
        shownNames: shown)
    }

    /// An option taking a value; `completes` says what the shell offers for it.
    static func value(
      _ names: [String], _ placeholder: String, shown: Int = 1,
      completes completion: ValueCompletion = .nothing, required: Bool = false, _ help: String,
      _ apply: @escaping @Sendable (inout Parsed, String) throws(OptionError) -> Void
    ) -> Row {
      Row(
        names: names, kind: .value(placeholder), help: help, apply: apply, shownNames: shown,
        completion: completion, isRequired: required)
    }

    /// What the help, synopsis, manual and completions read: the row without its `apply`.
    var spec: OptionSpec {
      var placeholder: String?
      if case .value(let name) = kind { placeholder = name }
      return OptionSpec(
        names: names, shownNames: shownNames, placeholder: placeholder, help: help,
        completion: completion, isRequired: isRequired)
    }

    /// The same option applied to the part of `Outer` at `keyPath`: how one command's rows
    /// are shared by another (`proxy` takes `serve`'s rows for its `serve` options).
    func lifted<Outer>(_ keyPath: WritableKeyPath<Outer, Parsed>) -> OptionTable<Outer>.Row {
      // A key path to a stored property captures nothing and is never mutated.
      nonisolated(unsafe) let keyPath = keyPath
      let apply = self.apply
      let outerKind: OptionTable<Outer>.Kind
      switch kind {
      case .flag: outerKind = .flag
      case .value(let placeholder): outerKind = .value(placeholder)
      }
      return OptionTable<Outer>.Row(
        names: names, kind: outerKind, help: help,
        apply: { outer, value throws(OptionError) in try apply(&outer[keyPath: keyPath], value) },
        shownNames: shownNames, completion: completion, isRequired: isRequired)
    }
  }

  var rows: [Row]

  /// A table of `rows`, then `--color`/`--no-color` (each with its British spelling) when
  /// `color` is given, then `-h`/`--help`.
  init(
    _ rows: [Row], color: (@Sendable (inout Parsed, Bool) -> Void)? = nil,
    help: @escaping @Sendable (inout Parsed) -> Void
  ) {
    self.rows = rows
    if let color {
      self.rows.append(
        .flag(["--color", "--colour"], "always colour the output (for `less -R`)") {
          color(&$0, true)
        })
      self.rows.append(
        .flag(["--no-color", "--no-colour"], "never colour the output (also when NO_COLOR is set)")
        {
          color(&$0, false)
        })
    }
    self.rows.append(.flag(["-h", "--help"], shown: 2, "show this help", help))
  }

  /// Parses `arguments` into `parsed`: options by the rows (`--name=VALUE` or `--name VALUE`),
  /// `--` ends the options, `-` and words not starting with `-` are operands. A value given as
  /// the next argument cannot itself look like a long option (`--port --host` is `--port needs
  /// a value`); `--name=--x` gives it.
  /// - Returns: the operands, in order.
  /// - Throws: `.unknown`, `.missingValue` or `.unexpectedValue`, or what a row's `apply`
  ///   throws.
  func parse(_ arguments: [String], into parsed: inout Parsed) throws(OptionError) -> [String] {
    var operands: [String] = []
    var index = 0
    var onlyOperands = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
        operands.append(argument)
        continue
      }
      if argument == "--" {
        onlyOperands = true
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      guard let row = rows.first(where: { $0.names.contains(parts[0]) }) else {
        throw .unknown(argument)
      }
      switch row.kind {
      case .flag:
        guard parts.count == 1 else { throw .unexpectedValue(parts[0]) }
        try row.apply(&parsed, "")
      case .value:
        if parts.count > 1 {
          try row.apply(&parsed, parts[1])
        } else {
          guard index < arguments.count,
            !(arguments[index].hasPrefix("--") && arguments[index].count > 2)
          else { throw .missingValue(parts[0]) }
          try row.apply(&parsed, arguments[index])
          index += 1
        }
      }
    }
    return operands
  }

  /// Every name of the options that take a value (`--world`, `-c`).
  var namesTakingValues: Set<String> {
    Set(
      rows.flatMap { row -> [String] in
        if case .value = row.kind { return row.names }
        return []
      })
  }

  /// The rows as the help, synopsis, manual and completions read them.
  var specs: [OptionSpec] { rows.map(\.spec) }

  /// The `options:` lines of the help: names and placeholder, then the help aligned after
  /// the longest.
  var help: String { specs.help(column: nil) }

  /// The `options:` lines of the help, aligned at `column` (`OptionSpec.help(column:)`).
  func help(column: Int?) -> String { specs.help(column: column) }
}

/// What is wrong with a subcommand's command line.
enum OptionError: Error, Equatable, CustomStringConvertible {
  /// An option no row names (as given, with any `=value`).
  case unknown(String)
  /// An option that takes a value came last.
  case missingValue(String)
  /// A flag was given a value (`--exact=1`).
  case unexpectedValue(String)
  /// A value an option cannot take: its own message.
  case invalid(String)

  /// The one-line error: `unknown option --x`, `--key needs a value`, `--exact takes no value`.
  var description: String {
    switch self {
    case .unknown(let argument): "unknown option \(argument)"
    case .missingValue(let name): "\(name) needs a value"
    case .unexpectedValue(let name): "\(name) takes no value"
    case .invalid(let message): message
    }
  }
}
