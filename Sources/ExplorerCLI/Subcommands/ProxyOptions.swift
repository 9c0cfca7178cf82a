import GraphAPI

/// The command line of `graph-explorer proxy`: serve's options (where answers come from, the
/// log, the limits) plus the proxy's own, parsed and checked.
struct ProxyOptions: Sendable, Equatable {
  /// Everything `serve` also takes; `serve.port` defaults to 8888 here.
  var serve = ServeOptions()
  /// `--ca`: print the certificate authority's path and how to trust it, then exit.
  var showAuthority = false
  /// `--ca-dir DIR`: the authority's folder instead of the state folder's.
  var authorityFolder: String?
  /// `--pass-through`: let other hosts through instead of refusing them.
  var passThrough = false
  /// `--upstream URL` given with `--record`: where every Graph host is forwarded (tests use a
  /// local TLS upstream); without it each request goes to its own host.
  var upstreamOverride: String?
  /// `--upstream-ca FILE`: the CA certificates the upstream is verified against.
  var upstreamCA: String?

  /// The proxy's default port (Charles Proxy's, which iOS developers know).
  static let defaultPort = 8888

  static let usage = CommandUsage(
    "proxy", options: table.specs, forms: ["proxy --ca [--ca-dir DIR]"],
    about: """
      An HTTPS proxy that answers Facebook's hosts (graph.facebook.com, graph-video.facebook.com,
      their .beta tier, api.facebook.com, www.facebook.com, m.facebook.com, the picture hosts)
      from the emulator, a cassette or a recording, so apps and SDKs need no change but
      HTTPS_PROXY and a trusted CA.
      """, helpColumn: ServeOptions.helpColumn,
    footer:
      "The first line printed ends with the proxy's URL: set HTTPS_PROXY to it. Stop with Ctrl-C."
  )

  /// The command line as read: serve's part and the proxy's own.
  struct Draft: Sendable {
    var serve = ServeOptions.Draft()
    var proxy = ProxyOptions()
  }

  /// serve's rows (with the proxy's words for `--port`, `--record` and `--upstream`), then the
  /// proxy's own.
  static let rows: [OptionTable<Draft>.Row] =
    ServeOptions.rows.map { row -> OptionTable<Draft>.Row in
      switch row.names[0] {
      case "--port":
        return .value(["--port"], "N", "port to listen on; 0 picks a free one (default 8888)") {
          draft, text throws(OptionError) in try row.apply(&draft.serve, text)
        }
      case "--record":
        return .value(
          ["--record"], "CASSETTE", completes: .file,
          "forward Facebook's hosts to the real ones over verified TLS and record\nthe exchanges into CASSETTE (which must not exist)"
        ) { draft, text throws(OptionError) in try row.apply(&draft.serve, text) }
      case "--upstream":
        return .value(
          ["--upstream"], "URL", "with --record, forward every Facebook host to URL instead"
        ) { draft, url in
          draft.proxy.upstreamOverride = url
          draft.serve.upstream = url
        }
      default:
        return row.lifted(\Draft.serve)
      }
    } + [
      .value(
        ["--upstream-ca"], "FILE", completes: .file,
        "verify the upstream against the CA certificates in FILE"
      ) {
        $0.proxy.upstreamCA = $1
      },
      .flag(
        ["--pass-through"],
        "let other hosts through (CONNECT as a blind tunnel) instead of\nanswering 502; by default nothing leaves the machine"
      ) { $0.proxy.passThrough = true },
      .flag(["--ca"], "print the CA certificate's path and how to trust it, then exit") {
        $0.proxy.showAuthority = true
      },
      .value(
        ["--ca-dir"], "DIR", completes: .directory,
        "keep the CA in DIR (default $XDG_STATE_HOME/graph-explorer/ca,\nelse ~/.local/state/graph-explorer/ca); created on first use"
      ) { draft, folder throws(OptionError) in
        guard !folder.isEmpty else { throw .invalid("--ca-dir needs a folder") }
        draft.proxy.authorityFolder = folder
      },
    ]

  /// The proxy's option table: `rows`, then `-h`/`--help`.
  static let table = OptionTable<Draft>(rows, help: { $0.serve.options.help = true })

  init() {
    serve.port = Self.defaultPort
  }

  /// Parses the arguments after `proxy`: serve's options and the proxy's own, in one table.
  init(parsing arguments: [String]) throws(ServeOptions.UsageError) {
    var draft = Draft()
    draft.serve.options.port = Self.defaultPort
    let operands: [String]
    do throws(OptionError) {
      operands = try Self.table.parse(arguments, into: &draft)
    } catch {
      throw ServeOptions.UsageError(error)
    }
    if let operand = operands.first {
      throw ServeOptions.UsageError(description: "unexpected argument '\(operand)'")
    }
    // Without --upstream, a recording goes to each request's own host; serve's checks want
    // an upstream, so they are given Graph's (which is what each request names anyway).
    if draft.serve.record != nil, draft.proxy.upstreamOverride == nil {
      draft.serve.upstream = "https://graph.facebook.com"
    }
    self = draft.proxy
    serve = try ServeOptions(checking: draft.serve)
    if upstreamCA != nil, draft.serve.record == nil {
      throw ServeOptions.UsageError(description: "--upstream-ca only makes sense with --record")
    }
  }
}
