import GraphJSON

/// The options of `diff`, shared by `graph-explorer diff A B` and the REPL's `diff #a #b`:
/// parsing them and writing a comparison's result in the chosen form.
struct DiffArguments: ParsableOptions, Equatable {
  /// What to print.
  enum Output: Sendable, Equatable {
    /// The listing by path.
    case listing
    /// An RFC 6902 JSON Patch.
    case patch
    /// An RFC 7386 merge patch.
    case merge
  }

  /// The operands (file names, or history references in the REPL), in order.
  var operands: [String] = []
  var options = JSONDiffOptions()
  var output = Output.listing
  var context = 0
  /// `true` / `false` when `--color` / `--no-color` was given, `nil` to decide by terminal.
  var color: Bool?
  /// `--quiet`: print nothing; the exit status says whether the documents differ.
  var quiet = false
  var help = false

  /// A bad command line: what and where.
  struct Failure: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// The options of `diff`, one row each.
  static let table = OptionTable<DiffArguments>(
    [
      .flag(["--patch"], "print an RFC 6902 JSON Patch that turns A into B") { $0.output = .patch },
      .flag(["--merge"], "print an RFC 7386 merge patch that turns A into B") {
        $0.output = .merge
      },
      .value(
        ["--key"], "id,key", "members that identify array elements (default: id; \"\" for none)"
      ) { parsed, text in
        parsed.options.keys = text.split(separator: ",").map { String($0).trimmingSpaces }
          .filter { !$0.isEmpty }
      },
      .value(
        ["--ignore"], "PATH",
        """
        leave PATH out of the comparison (repeatable); wildcards:
        * (any member or element), [*] (any element), ** (any depth),
        e.g. paging, **.fbtrace_id, data[*].updated_time
        """
      ) { (parsed, text) throws(OptionError) in
        do {
          parsed.options.ignore.append(try JSONPathPattern(parsing: text))
        } catch {
          throw .invalid("--ignore: \(error)")
        }
      },
      .flag(["--ignore-order"], "compare arrays as unordered collections") {
        $0.options.ignoreOrder = true
      },
      .flag(["--exact"], "compare numbers by their text (1.0 differs from 1)") {
        $0.options.exactNumbers = true
      },
      .value(["--context", "-C"], "N", "show N unchanged neighbours around each difference") {
        (parsed, text) throws(OptionError) in
        guard let n = Int(text), n >= 0 else {
          throw .invalid("--context needs a number of lines, got \"\(text)\"")
        }
        parsed.context = n
      },
      .flag(
        ["--quiet", "-q"], shown: 2, "print nothing: the exit status says whether A and B differ"
      ) {
        $0.quiet = true
      },
    ] as [OptionTable<DiffArguments>.Row], color: { $0.color = $1 }, help: { $0.help = true })

  /// Parses the arguments after `diff`.
  ///
  /// - Throws: `Failure` naming the bad option or value.
  static func parse(_ arguments: [String]) throws(Failure) -> DiffArguments {
    do throws(OptionError) { return try read(arguments) } catch {
      throw Failure(description: error.description)
    }
  }

  /// A comparison rendered in the chosen form.
  struct Rendering: Sendable, Equatable {
    /// The listing, patch or merge patch (ends with a newline unless empty).
    var text: String
    /// Said on standard error: a merge patch that cannot express the change exactly.
    var warning: String?
    /// Whether the two documents are equal under the options.
    var isEqual: Bool
  }

  /// The comparison of `old` with `new` in the chosen form; colours only in the listing, when
  /// `color` is on.
  func render(old: JSONValue, new: JSONValue, color: Bool) -> Rendering {
    render(JSONDiff.diff(old, new, options: options), color: color)
  }

  /// A comparison's result (`JSONDiff.diff` with these options) in the chosen form.
  func render(_ result: JSONDiffResult, color: Bool) -> Rendering {
    switch output {
    case .listing:
      return Rendering(
        text: JSONDiffRenderer(color: color, context: context).render(result), warning: nil,
        isEqual: result.isEmpty)
    case .patch:
      return Rendering(
        text: JSONPrinter(options: [.pretty]).string(result.patch.jsonValue) + "\n",
        warning: nil, isEqual: result.isEmpty)
    case .merge:
      // Made on what was compared: two documents' tapes for `graph-explorer diff` (issue 48).
      let patch = JSONMergePatch.printed(result, exactNumbers: options.exactNumbers)
      return Rendering(
        text: patch.text + "\n", warning: patch.isExact ? nil : Self.inexactMerge,
        isEqual: result.isEmpty)
    }
  }

  /// Writes the comparison of `old` with `new` to `console` and returns 0 when they are equal
  /// under the options, 1 when they differ.
  func report(old: JSONValue, new: JSONValue, console: any Console) -> ExitStatus {
    report(JSONDiff.diff(old, new, options: options), console: console)
  }

  /// Said on standard error when a merge patch cannot express the change exactly.
  static let inexactMerge =
    "warning: a merge patch cannot express this change exactly (null members or array order)"

  /// Writes a comparison's result (`JSONDiff.diff` with these options) as `report` does; a
  /// merge patch is printed in pieces as it is written (it can be as large as B).
  func report(_ result: JSONDiffResult, console: any Console) -> ExitStatus {
    let status: ExitStatus = result.isEmpty ? .success : .failure
    if output == .merge {
      guard !quiet else { return status }
      let patch = JSONMergePatch.prepared(result, exactNumbers: options.exactNumbers)
      if !patch.isExact { console.errorLine(ErrorPresenter.safe(Self.inexactMerge)) }
      patch.write { console.write(bytes: $0) }
      console.write("\n")
      return status
    }
    let useColor =
      color ?? (console.isOutputTerminal && console.environment["NO_COLOR"].map(\.isEmpty) != false)
    let rendering = render(result, color: useColor)
    guard !quiet else { return rendering.isEqual ? .success : .failure }
    if let warning = rendering.warning { console.errorLine(ErrorPresenter.safe(warning)) }
    console.write(rendering.text)
    return rendering.isEqual ? .success : .failure
  }

  static let usage = CommandUsage(
    "diff", operands: "A B", options: table.specs,
    about: """
      Compares two JSON files (use - for standard input) and lists the differences by path.
      Exit status: 0 when equal, 1 when different, 2 on error.
      """)
}
