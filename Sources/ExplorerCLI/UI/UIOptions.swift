/// The command line of `graph-explorer ui`: its port and the REPL's options that choose what
/// answers (`--world`, `--replay`, `--target`, `--record`, ...), parsed and checked.
struct UIOptions: Sendable, Equatable {
  /// `--port N`: the loopback port (0 picks a free one).
  var port = 8088
  /// What answers and what is recorded, as the REPL takes them.
  var repl = REPLOptions()
  var help = false

  /// The REPL's rows `ui` takes as they are: the target, the world, the recording.
  static let sharedNames: Set<String> = [
    "--world", "--throttle", "--deterministic-secrets", "--default-version", "--record", "--mode",
    "--replay", "--target",
  ]

  /// ui's options: `--port`, the REPL's shared rows, `-h`/`--help`.
  static let table = OptionTable<UIOptions>(
    [
      .value(["--port"], "N", "loopback port to listen on; 0 picks a free one (default 8088)") {
        options, text throws(OptionError) in
        guard let port = Int(text), (0...65535).contains(port) else {
          throw .invalid("--port: '\(text)' is not a port number (0-65535)")
        }
        options.port = port
      }
    ]
      + REPLOptions.table.rows.filter { sharedNames.contains($0.names[0]) }.map {
        $0.lifted(\UIOptions.repl)
      },
    help: { $0.help = true })

  static let usage = CommandUsage(
    "ui", options: table.specs,
    about: """
      Serves the Graph API Explorer as a web page on 127.0.0.1 (loopback only): a query bar,
      the node's field tree, the token panel, answers with the SDKs' view of errors, Get Code,
      the session's history, recording and doctor's timeline. Open the URL printed first.
      """, helpColumn: ServeOptions.helpColumn,
    footer: "Stop with Ctrl-C (SIGINT) or SIGTERM. See docs/ui.md.")

  /// Parses the arguments after `ui`.
  /// - Throws: `OptionError` for an unknown option, a missing or bad value, an operand, or
  ///   `--record` with `--replay`.
  init(parsing arguments: [String]) throws(OptionError) {
    var options = UIOptions()
    let operands = try Self.table.parse(arguments, into: &options)
    if let operand = operands.first { throw .invalid("unexpected argument '\(operand)'") }
    if options.repl.record != nil, options.repl.replay != nil {
      throw .invalid("--record and --replay exclude each other")
    }
    self = options
  }

  init() {}
}
