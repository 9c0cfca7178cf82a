import GraphAPI
import GraphCassette
import GraphEmulator
import GraphLive

extension ServeOptions {
  /// The command line as read, before the checks across options (`init(checking:)`).
  struct Draft: Sendable {
    var options = ServeOptions()
    var world: String?
    var replay: String?
    var record: String?
    var upstream: String?
    var maxAnswerGiven = false
    var matchGiven = false
  }

  /// serve's options, one row each; `proxy` takes them too (`ProxyOptions.table`).
  static let rows: [OptionTable<Draft>.Row] = [
    .value(["--host"], "ADDRESS", "address to listen on (default 127.0.0.1: loopback only)") {
      draft, host throws(OptionError) in
      guard !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == " " }) else {
        throw .invalid("--host: '\(host)' is not an address")
      }
      draft.options.host = host
    },
    .value(["--port"], "N", "port to listen on; 0 picks a free one (default 8080)") {
      draft, text throws(OptionError) in
      guard let port = Int(text), (0...65535).contains(port) else {
        throw .invalid("--port: '\(text)' is not a port number (0-65535)")
      }
      draft.options.port = port
    },
    .value(
      ["--world"], "FILE", completes: .file,
      "start the emulator on the world in FILE instead of the default one,\nor on generated:people=N,friends=K[,seed=S]"
    ) { $0.world = $1 },
    .value(
      ["--throttle"], "N/min",
      "the emulator answers (#17) User request limit reached (or (#4) for\napp tokens) past N calls a minute of its clock"
    ) { draft, text throws(OptionError) in
      do {
        draft.options.throttle = try GraphEmulator.throttleRate(parsing: text)
      } catch {
        throw .invalid("--throttle: \(error)")
      }
    },
    .value(
      ["--replay"], "CASSETTE", completes: .file,
      "answer from a recorded cassette instead of the emulator"
    ) {
      $0.replay = $1
    },
    .value(["--match"], "SPEC", MatcherSet.optionHelp) { draft, text throws(OptionError) in
      draft.options.matchers = try MatcherSet.option(text)
      draft.matchGiven = true
    },
    .value(
      ["--record"], "CASSETTE", completes: .file,
      "record every exchange into CASSETTE (which must not exist): the\nemulator's answers, or with --upstream the upstream's"
    ) { $0.record = $1 },
    .value(
      ["--upstream"], "URL",
      "where --record forwards to (e.g. https://graph.facebook.com);\nhttps unless it is loopback (plain http to an address is forwarded\non serve's own I/O loop, https through libcurl)"
    ) { $0.upstream = $1 },
    .flag(
      ["--insecure-upstream"],
      "allow a plain-http upstream that is not loopback (tokens then\ncross the network in the clear)"
    ) { $0.options.insecureUpstream = true },
    .value(
      ["--max-answer-bytes"], "SIZE",
      """
      with --upstream, the largest upstream answer, as received and once
      decoded (a gzip bomb stops there): larger ones get 502 naming the limit
      and not recorded; bytes, or 512K, 64M, 1G (default 64M)
      """
    ) { draft, text throws(OptionError) in
      guard let size = ByteCount.parse(text), size > 0 else {
        throw .invalid(
          "--max-answer-bytes: '\(text)' is not a size in bytes such as 1048576, 512K or 64M")
      }
      draft.options.maxAnswerBytes = size
      draft.maxAnswerGiven = true
    },
    .value(
      ["--default-version"], "vX.Y", completes: .words(GraphVersion.served.map(\.description)),
      "the version the emulator answers unversioned calls as (default:\nthe world's, v2.2 for the default world)"
    ) { draft, text throws(OptionError) in
      guard let version = GraphVersion(text) else {
        throw .invalid(
          "--default-version: '\(text)' is not a Graph version (\(VersionRegistry.servedSummary))")
      }
      draft.options.defaultVersion = version
    },
    .value(
      ["--log"], "FILE|-|off", completes: .file,
      "where the line per request goes: appended to FILE, - for standard\noutput, off for none (default: standard error; always buffered)"
    ) { draft, text throws(OptionError) in
      switch text {
      case "": throw .invalid("--log needs FILE, - or off")
      case "-": draft.options.log = .standardOutput
      case "off": draft.options.log = .off
      default: draft.options.log = .file(text)
      }
    },
    .flag(
      ["--deterministic-secrets"],
      """
      the emulator's OAuth codes and minted tokens are counted
      (AQEmuCode1x0002, CAAEmuBobZS1) instead of random, for tests and
      recordings that compare sessions byte for byte
      """
    ) { $0.options.secrets = .deterministic },
  ]

  /// serve's option table: its rows, then `-h`/`--help`.
  static let table = OptionTable<Draft>(rows, help: { $0.options.help = true })
}
