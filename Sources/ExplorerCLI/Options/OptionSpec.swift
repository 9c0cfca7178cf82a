import GraphAPI

/// One option as people read it, without what it sets: its names, the value it takes, its help
/// line, what completes its value and whether it is required. `OptionTable.Row.spec` gives it;
/// the help, the usage synopsis, the manual page, the completion scripts and the docs' tables
/// are all rendered from these.
struct OptionSpec: Sendable, Equatable {
  /// Every name it is parsed by, the first shown first.
  var names: [String]
  /// How many of `names` the help lists (aliases such as `--no-colour` are parsed, not shown).
  var shownNames: Int
  /// The value's name (`FILE`), `nil` for a flag.
  var placeholder: String?
  /// The help text (continuation lines on lines of their own).
  var help: String
  /// What completes its value in the shell.
  var completion: ValueCompletion
  /// Whether the command needs it.
  var isRequired: Bool

  /// The names the help shows.
  var shown: [String] { Array(names.prefix(shownNames)) }

  /// Whether this is `-h`/`--help`, which the synopsis leaves out (as swift-argument-parser's).
  var isHelp: Bool { names.contains("--help") }

  /// Its head in the help: `-o, --output FILE`.
  var head: String {
    let names = shown.joined(separator: ", ")
    return placeholder.map { names + " " + $0 } ?? names
  }

  /// Its word in the synopsis: `[--port N]`, or `-o CASSETTE` when required.
  var synopsis: String {
    let word = placeholder.map { names[0] + " " + $0 } ?? names[0]
    return isRequired ? word : "[" + word + "]"
  }

  /// The help on one line (for the manual's and the completions' descriptions).
  var oneLineHelp: String {
    help.split(separator: "\n").map { String($0).trimmingSpaces }
      .joined(separator: " ")
  }
}

extension [OptionSpec] {
  /// The `options:` lines of the help: heads, then the help aligned after the longest head, or
  /// at `column` with longer heads on a line of their own (the help then on the next line).
  func help(column: Int?) -> String {
    let heads = map(\.head)
    let longest = heads.map(\.count).max() ?? 0
    let width = column.map { Swift.min($0, longest) } ?? longest
    let indent = String(repeating: " ", count: width + 4)
    return zip(heads, self).map { head, spec in
      let lines = spec.help.split(separator: "\n", omittingEmptySubsequences: false)
      let first =
        head.count > width
        ? ["  " + head, indent + lines[0]]
        : ["  " + head.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + lines[0]]
      return (first + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }.joined(separator: "\n")
  }
}
