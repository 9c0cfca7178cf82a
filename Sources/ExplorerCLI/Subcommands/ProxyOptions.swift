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

  static let usage = """
    usage: graph-explorer proxy [--host ADDRESS] [--port N|0] [--world FILE] [--throttle N/min]
                                [--replay CASSETTE] [--record CASSETTE [--upstream URL]]
                                [--upstream-ca FILE] [--pass-through] [--max-answer-bytes SIZE]
                                [--log FILE|-|off] [--ca-dir DIR]
           graph-explorer proxy --ca [--ca-dir DIR]

    An HTTPS proxy that answers Facebook's hosts (graph.facebook.com, graph-video.facebook.com,
    api.facebook.com, www.facebook.com, m.facebook.com, the picture hosts) from the emulator, a
    cassette or a recording, so apps and SDKs need no change but HTTPS_PROXY and a trusted CA.
      --host ADDRESS       address to listen on (default 127.0.0.1: loopback only)
      --port N             port to listen on; 0 picks a free one (default 8888)
      --world FILE         the emulator on the world in FILE (or generated:people=N,...)
      --throttle N/min     the emulator answers (#17) past N calls a minute of its clock
      --replay CASSETTE    answer from a recorded cassette instead of the emulator
      --record CASSETTE    forward Facebook's hosts to the real ones over verified TLS and record
                           the exchanges into CASSETTE (which must not exist)
      --upstream URL       with --record, forward every Facebook host to URL instead
      --upstream-ca FILE   verify the upstream against the CA certificates in FILE
      --pass-through       let other hosts through (CONNECT as a blind tunnel) instead of
                           answering 502; by default nothing leaves the machine
      --max-answer-bytes SIZE
                           with --record, the largest upstream answer (default 64M)
      --log FILE|-|off     where the line per request goes (default: standard error)
      --ca                 print the CA certificate's path and how to trust it, then exit
      --ca-dir DIR         keep the CA in DIR (default $XDG_STATE_HOME/graph-explorer/ca,
                           else ~/.local/state/graph-explorer/ca); created on first use
    The first line printed ends with the proxy's URL: set HTTPS_PROXY to it. Stop with Ctrl-C.
    """

  init() {
    serve.port = Self.defaultPort
  }

  /// Parses the arguments after `proxy`: the proxy's options here, the rest as `serve`'s.
  init(parsing arguments: [String]) throws(ServeOptions.UsageError) {
    self.init()
    var forServe: [String] = []
    var portGiven = false
    var recording = false
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
        name = String(argument[..<eq])
        inline = String(argument[argument.index(after: eq)...])
      }
      func value() throws(ServeOptions.UsageError) -> String {
        if let inline { return inline }
        guard let next = rest.popFirst(), !next.hasPrefix("--") else {
          throw ServeOptions.UsageError(description: "\(name) needs a value")
        }
        return next
      }
      switch name {
      case "--ca": showAuthority = true
      case "--ca-dir":
        let folder = try value()
        guard !folder.isEmpty else {
          throw ServeOptions.UsageError(description: "--ca-dir needs a folder")
        }
        authorityFolder = folder
      case "--pass-through": passThrough = true
      case "--upstream-ca": upstreamCA = try value()
      case "--upstream":
        let url = try value()
        upstreamOverride = url
        forServe += ["--upstream", url]
      default:
        if name == "--port" { portGiven = true }
        if name == "--record" { recording = true }
        forServe.append(argument)
        if inline == nil, Self.takesValue(name), let next = rest.popFirst() {
          forServe.append(next)
        }
      }
    }
    // Without --upstream, a recording goes to each request's own host; serve's parser wants
    // an upstream, so it is given Graph's (which is what each request names anyway).
    if recording, upstreamOverride == nil {
      forServe += ["--upstream", "https://graph.facebook.com"]
    }
    serve = try ServeOptions(parsing: forServe)
    if !portGiven { serve.port = Self.defaultPort }
    if upstreamCA != nil, !recording {
      throw ServeOptions.UsageError(description: "--upstream-ca only makes sense with --record")
    }
  }

  /// serve's options that take a value (the next argument when not given with `=`).
  private static func takesValue(_ name: String) -> Bool {
    [
      "--host", "--port", "--world", "--replay", "--record", "--max-answer-bytes", "--log",
      "--throttle",
    ].contains(name)
  }
}
