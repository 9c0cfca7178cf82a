import GraphAPI
import GraphEmulator
import GraphLive

/// The command line of `graph-explorer serve`, parsed and checked.
struct ServeOptions: Sendable, Equatable {
  /// What the server answers from.
  enum Source: Sendable, Equatable {
    /// The emulator, on the default world or on the world in `file`.
    case emulator(worldFile: String?)
    /// A cassette played back.
    case replay(cassette: String)
    /// Requests forwarded to `upstream`, every exchange recorded into `cassette`.
    case record(cassette: String, upstream: String)
  }

  /// A usage mistake: what and where, in one line.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  var host = "127.0.0.1"
  var port = 8080
  var source = Source.emulator(worldFile: nil)
  var help = false
  /// `--insecure-upstream`: allow a plain-http upstream that is not loopback.
  var insecureUpstream = false
  /// `--throttle N/min`: the emulator's calls a minute before code 17 (4 for app tokens).
  var throttle: Int?
  /// `--log FILE|-|off`: where the access log goes (standard error by default).
  var log = ServeLogWriter.Destination.standardError
  /// `--max-answer-bytes SIZE`: with `--record`, the largest upstream answer, as received and
  /// once decoded.
  var maxAnswerBytes = CurlTransport.defaultMaxAnswerBytes
  /// `--deterministic-secrets`: the emulator's codes and minted tokens counted, not random.
  var secrets = SecretMint.random
  /// `--default-version vX.Y`: the version the emulator serves unversioned calls as (the
  /// world's own, v2.2 for the default world, otherwise).
  var defaultVersion: GraphVersion?

  static let usage = """
    usage: graph-explorer serve [--host ADDRESS] [--port N|0] [--world FILE] [--throttle N/min]
                                [--replay CASSETTE] [--record CASSETTE --upstream URL]
                                [--insecure-upstream] [--max-answer-bytes SIZE]
                                [--log FILE|-|off] [--deterministic-secrets]
                                [--default-version vX.Y]

    Serves the Graph API emulator (or a cassette, or a recording proxy) over HTTP/1.1.
      --host ADDRESS       address to listen on (default 127.0.0.1: loopback only)
      --port N             port to listen on; 0 picks a free one (default 8080)
      --world FILE         start the emulator on the world in FILE instead of the default one,
                           or on generated:people=N,friends=K[,seed=S]
      --throttle N/min     the emulator answers (#17) User request limit reached (or (#4) for
                           app tokens) past N calls a minute of its clock
      --replay CASSETTE    answer from a recorded cassette instead of the emulator
      --record CASSETTE    forward every request to --upstream and record the exchanges
      --upstream URL       where --record forwards to (e.g. https://graph.facebook.com);
                           https unless it is loopback
      --insecure-upstream  allow a plain-http upstream that is not loopback (tokens then
                           cross the network in the clear)
      --max-answer-bytes SIZE
                           with --record, the largest upstream answer, as received and once
                           decoded (a gzip bomb stops there): larger ones get 502 naming the limit
                           and not recorded; bytes, or 512K, 64M, 1G (default 64M)
      --default-version vX.Y
                           the version the emulator answers unversioned calls as (default:
                           the world's, v2.2 for the default world)
      --log FILE|-|off     where the line per request goes: appended to FILE, - for standard
                           output, off for none (default: standard error; always buffered)
      --deterministic-secrets
                           the emulator's OAuth codes and minted tokens are counted
                           (AQEmuCode1x0002, CAAEmuBobZS1) instead of random, for tests and
                           recordings that compare sessions byte for byte
    The first line printed is the URL served. Stop with Ctrl-C (SIGINT) or SIGTERM.
    """

  init() {}

  /// Parses the arguments after `serve`; `--flag value` and `--flag=value` both work.
  init(parsing arguments: [String]) throws(UsageError) {
    var world: String?
    var replay: String?
    var record: String?
    var upstream: String?
    var maxAnswerGiven = false
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
        name = String(argument[..<eq])
        inline = String(argument[argument.index(after: eq)...])
      }
      func value() throws(UsageError) -> String {
        if let inline { return inline }
        guard let next = rest.popFirst(), !next.hasPrefix("--") || next == "--" else {
          throw UsageError(description: "\(name) needs a value")
        }
        return next
      }
      switch name {
      case "-h", "--help": help = true
      case "--host":
        host = try value()
        guard !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == " " }) else {
          throw UsageError(description: "--host: '\(host)' is not an address")
        }
      case "--port":
        let text = try value()
        guard let port = Int(text), (0...65535).contains(port) else {
          throw UsageError(description: "--port: '\(text)' is not a port number (0-65535)")
        }
        self.port = port
      case "--world": world = try value()
      case "--default-version":
        let text = try value()
        guard let version = GraphVersion(text) else {
          throw UsageError(
            description:
              "--default-version: '\(text)' is not a Graph version (\(VersionRegistry.servedSummary))"
          )
        }
        defaultVersion = version
      case "--replay": replay = try value()
      case "--record": record = try value()
      case "--upstream": upstream = try value()
      case "--insecure-upstream": insecureUpstream = true
      case "--deterministic-secrets": secrets = .deterministic
      case "--max-answer-bytes":
        let text = try value()
        guard let size = ByteCount.parse(text), size > 0 else {
          throw UsageError(
            description:
              "--max-answer-bytes: '\(text)' is not a size in bytes such as 1048576, 512K or 64M")
        }
        maxAnswerBytes = size
        maxAnswerGiven = true
      case "--log":
        let text = try value()
        switch text {
        case "": throw UsageError(description: "--log needs FILE, - or off")
        case "-": log = .standardOutput
        case "off": log = .off
        default: log = .file(text)
        }
      case "--throttle":
        let text = try value()
        do {
          throttle = try GraphEmulator.throttleRate(parsing: text)
        } catch {
          throw UsageError(description: "--throttle: \(error)")
        }
      default:
        throw UsageError(
          description: argument.hasPrefix("-")
            ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'")
      }
    }
    if [world, replay, record].compactMap({ $0 }).count > 1 {
      throw UsageError(description: "--world, --replay and --record cannot be combined")
    }
    if let record {
      guard let upstream else { throw UsageError(description: "--record needs --upstream URL") }
      guard let parts = URLParts(upstream), parts.scheme == "http" || parts.scheme == "https",
        parts.query == nil
      else {
        throw UsageError(description: "--upstream: '\(upstream)' is not an http(s) URL")
      }
      if parts.scheme == "http", !Self.isLoopback(parts.host), !insecureUpstream {
        throw UsageError(
          description:
            "--upstream: '\(upstream)' is plain http to a host that is not loopback; use https, or --insecure-upstream to send tokens in the clear"
        )
      }
      source = .record(cassette: record, upstream: upstream)
    } else if upstream != nil {
      throw UsageError(description: "--upstream only makes sense with --record")
    } else if maxAnswerGiven {
      throw UsageError(
        description:
          "--max-answer-bytes only makes sense with --record (it limits upstream answers)")
    } else if let replay {
      source = .replay(cassette: replay)
    } else {
      source = .emulator(worldFile: world)
    }
  }

  /// Whether `host` is a loopback address or name.
  var isLoopback: Bool { Self.isLoopback(host) }

  /// Whether `host` is a loopback address or name.
  /// `127.x.y.z` must be a dotted quad: `127.0.0.1.example.com` is not loopback.
  static func isLoopback(_ host: String) -> Bool {
    if host == "localhost" || host == "::1" || host == "[::1]" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127"
      && parts.allSatisfy { part in part.count <= 3 && UInt8(part) != nil }
  }
}
