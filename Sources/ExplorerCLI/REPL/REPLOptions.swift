/// The options of `graph-explorer` when it opens the REPL.
struct REPLOptions: Equatable, Sendable {
  var color = true
  var raw = false
  var help = false
  var version = false
  /// Lines given with `-c`, run in order instead of reading standard input.
  var commands: [String] = []
  /// `--world FILE`: the emulator's world.
  var world: String?
  /// `--record FILE`: record the session into a cassette.
  var record: String?
  /// `--replay FILE`: answer from a cassette.
  var replay: String?
  /// `--mode M`: the record mode (once, new_episodes, none, all).
  var mode: String?
  /// `--target live|URL`: send requests over the network instead of to the emulator.
  var target: String?
  /// `--throttle N/min`: the emulator answers code 17 (4 for app tokens) past N calls a minute.
  var throttle: String?
  /// `--deterministic-secrets`: the emulator's codes and minted tokens counted, not random.
  var deterministicSecrets = false
  /// `--default-version vX.Y`: the version the emulator answers unversioned calls as.
  var defaultVersion: String?

  /// The usage text of `--help`.
  static let usage = """
    usage: graph-explorer [--no-color] [--raw] [-c LINE ...] [--world FILE|generated:...]
                          [--record FILE [--mode M] | --replay FILE] [--target live|URL]
                          [--throttle N/min] [--deterministic-secrets]
                          [--default-version vX.Y] [--help] [--version]
           graph-explorer <subcommand> [arguments]

    Opens the Graph API explorer REPL on the embedded emulator. When standard input is not a
    terminal its lines are run as a script (no prompt, no colour; exit status 1 if a line failed).

      --no-color   no ANSI colours (also when NO_COLOR is set)
      --raw        print only each answer's body as compact JSON, one line per answer
      -c LINE      run LINE (repeatable) and exit, instead of reading standard input
      --world FILE   run the emulator on the world in FILE instead of the embedded one, or
                     on a generated one: generated:people=N,friends=K[,seed=S]
      --throttle N/min  the emulator answers (#17) User request limit reached (or (#4) for
                     app tokens) past N calls a minute of its clock
      --deterministic-secrets  the emulator's OAuth codes and minted tokens are counted
                     (CAAEmuBobZS1) instead of random, for sessions compared byte for byte
      --default-version vX.Y  the version the emulator answers unversioned calls as
                     (default: the world's, v2.2 for the default world)
      --record FILE  record every exchange into the cassette FILE
      --mode M       record mode: once (default), new_episodes, none, all
      --replay FILE  answer from the cassette FILE instead of the emulator
      --target T     send requests to graph.facebook.com (live) or to a URL such as
                     http://127.0.0.1:8080 (graph-explorer serve) instead of the emulator
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
      case "--world": options.world = try value(argument)
      case "--record": options.record = try value(argument)
      case "--replay": options.replay = try value(argument)
      case "--mode": options.mode = try value(argument)
      case "--target": options.target = try value(argument)
      case "--throttle": options.throttle = try value(argument)
      case "--deterministic-secrets": options.deterministicSecrets = true
      case "--default-version": options.defaultVersion = try value(argument)
      default:
        let kind = argument.hasPrefix("-") ? "option" : "subcommand"
        throw .failed("unknown \(kind) '\(argument)' (see graph-explorer --help)")
      }
      i += 1
    }
    return options
  }
}
