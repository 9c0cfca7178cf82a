/// The options of `graph-explorer` when it opens the REPL.
struct REPLOptions: Equatable, Sendable {
  var color = true
  var raw = false
  var help = false
  var version = false
  /// Lines given with `-c`, run in order instead of reading standard input.
  var commands: [String] = []

  /// The usage text of `--help`.
  static let usage = """
    usage: graph-explorer [--no-color] [--raw] [-c LINE ...] [--help] [--version]
           graph-explorer <subcommand> [arguments]

    Opens the Graph API explorer REPL on the embedded emulator. When standard input is not a
    terminal its lines are run as a script (no prompt, no colour; exit status 1 if a line failed).

      --no-color   no ANSI colours (also when NO_COLOR is set)
      --raw        print only each answer's body as compact JSON, one line per answer
      -c LINE      run LINE (repeatable) and exit, instead of reading standard input
      --help       show this help
      --version    show the version
    """

  /// Parses the arguments after the program name.
  /// - Throws: `.failed` naming an unknown option or a missing value.
  static func parse(_ arguments: [String]) throws(ExplorerError) -> REPLOptions {
    var options = REPLOptions()
    var i = 0
    func value(_ flag: String) throws(ExplorerError) -> String {
      guard i + 1 < arguments.count else { throw .failed("\(flag) needs a value") }
      i += 1
      return arguments[i]
    }
    while i < arguments.count {
      let argument = arguments[i]
      switch argument {
      case "--no-color", "--no-colour": options.color = false
      case "--raw": options.raw = true
      case "--help", "-h": options.help = true
      case "--version": options.version = true
      case "-c": options.commands.append(try value(argument))
      default: throw .failed("unknown option '\(argument)' (see graph-explorer --help)")
      }
      i += 1
    }
    return options
  }
}
