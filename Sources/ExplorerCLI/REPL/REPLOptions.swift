import GraphCassette
import GraphEmulator

/// The options of `graph-explorer` when it opens the REPL.
struct REPLOptions: Equatable, Sendable {
  var color = true
  var raw = false
  /// `--check-status`: a script stops at the first HTTP 3xx, 4xx or 5xx answer, exiting 3, 4, 5.
  var checkStatus = false
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
  /// `--match SPEC`: how `--replay` matches requests to recorded ones.
  var matchers: MatcherSet?
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
  /// `--generate-manual` or `--generate-completion-script SHELL`: print that and exit.
  var generate: GeneratedText?

  /// What `--help` says (`GraphExplorer.usage` adds the subcommands).
  static let usage = CommandUsage(
    "", options: table.specs, forms: ["SUBCOMMAND [ARGUMENTS]", "help [SUBCOMMAND]"],
    about: """
      Opens the Graph API explorer REPL on the embedded emulator. When standard input is not a
      terminal its lines are run as a script (no prompt, no colour; exit status 1 if a line failed;
      with --check-status 3, 4 or 5 at the first answer with HTTP 3xx, 4xx or 5xx).
      """, helpColumn: ServeOptions.helpColumn)

  /// The options, one row each (`--color`/`--no-color` and `--help` added by the table).
  static let table = OptionTable<REPLOptions>(
    [
      .flag(["--raw"], "print only each answer's body as compact JSON, one line per answer") {
        $0.raw = true
      },
      .value(["-c"], "LINE", "run LINE (repeatable) and exit, instead of reading standard input") {
        $0.commands.append($1)
      },
      .flag(
        ["--check-status"],
        "in a script (run, -c, piped lines), stop at the first answer with\nHTTP 3xx, 4xx or 5xx and exit 3, 4 or 5, as HTTPie's --check-status"
      ) { $0.checkStatus = true },
      .value(
        ["--world"], "FILE", completes: .file,
        "run the emulator on the world in FILE instead of the embedded one, or\non a generated one: generated:people=N,friends=K[,seed=S]"
      ) { $0.world = $1 },
      .value(
        ["--throttle"], "N/min",
        "the emulator answers (#17) User request limit reached (or (#4) for\napp tokens) past N calls a minute of its clock"
      ) { $0.throttle = $1 },
      .flag(
        ["--deterministic-secrets"],
        "the emulator's OAuth codes and minted tokens are counted\n(CAAEmuBobZS1) instead of random, for sessions compared byte for byte"
      ) { $0.deterministicSecrets = true },
      .value(
        ["--default-version"], "vX.Y", completes: .words(GraphVersion.served.map(\.description)),
        "the version the emulator answers unversioned calls as\n(default: the world's, v2.2 for the default world)"
      ) { $0.defaultVersion = $1 },
      .value(["--record"], "FILE", completes: .file, "record every exchange into the cassette FILE")
      {
        $0.record = $1
      },
      .value(
        ["--mode"], "M", completes: .words(RecordMode.allCases.map(\.rawValue)),
        "record mode: once (default), new_episodes, none, all"
      ) {
        $0.mode = $1
      },
      .value(
        ["--replay"], "FILE", completes: .file,
        "answer from the cassette FILE instead of the emulator"
      ) {
        $0.replay = $1
      },
      .value(["--match"], "SPEC", MatcherSet.optionHelp) { options, text throws(OptionError) in
        options.matchers = try MatcherSet.option(text)
      },
      .value(
        ["--target"], "T",
        "send requests to graph.facebook.com (live) or to a URL such as\nhttp://127.0.0.1:8080 (graph-explorer serve) instead of the emulator"
      ) { $0.target = $1 },
      .flag(["-V", "--version"], shown: 2, "show the version") { $0.version = true },
      .flag(["--generate-manual"], "print the manual page (roff, for man -l) and exit") {
        $0.generate = .manual
      },
      .value(
        ["--generate-completion-script"], "SHELL",
        completes: .words(CompletionScript.Shell.allCases.map(\.rawValue)),
        "print the completion script for SHELL (bash, zsh, fish) and exit"
      ) { options, name throws(OptionError) in
        guard let shell = CompletionScript.Shell(rawValue: name) else {
          throw .invalid("--generate-completion-script: '\(name)' is not bash, zsh or fish")
        }
        options.generate = .completion(shell)
      },
    ] as [OptionTable<REPLOptions>.Row], color: { $0.color = $1 }, help: { $0.help = true })

  /// Parses the arguments after the program name.
  /// - Throws: `.failed` naming an unknown option, a missing value or a word that is not a
  ///   subcommand.
  static func parse(_ arguments: [String]) throws(ExplorerError) -> REPLOptions {
    var options = REPLOptions()
    let operands: [String]
    do throws(OptionError) {
      operands = try table.parse(arguments, into: &options)
    } catch {
      switch error {
      case .unknown(let argument):
        throw .failed("unknown option '\(argument)' (see graph-explorer --help)")
      default: throw .failed(error.description)
      }
    }
    if let operand = operands.first {
      throw .failed("unknown subcommand '\(operand)' (see graph-explorer --help)")
    }
    return options
  }
}
