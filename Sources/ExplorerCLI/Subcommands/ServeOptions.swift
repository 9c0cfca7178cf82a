import GraphAPI
import GraphCassette
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
    /// The emulator (on the default world or the world in `worldFile`) answers, every
    /// exchange recorded into `cassette`: `--record` without `--upstream`.
    case recordEmulator(cassette: String, worldFile: String?)
  }

  /// A usage mistake: what and where, in one line.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    var description: String

    init(description: String) { self.description = description }

    /// The option table's error in serve's words: `unknown option '--x'`, `--port needs a
    /// value`.
    init(_ error: OptionError) {
      switch error {
      case .unknown(let argument): description = "unknown option '\(argument)'"
      default: description = error.description
      }
    }
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
  /// `--match SPEC`: how `--replay` matches requests to recorded ones.
  var matchers = MatcherSet.default

  static let usage = CommandUsage(
    "serve", options: table.specs,
    about: "Serves the Graph API emulator (or a cassette, or a recording proxy) over HTTP/1.1.",
    helpColumn: helpColumn,
    footer: "The first line printed is the URL served. Stop with Ctrl-C (SIGINT) or SIGTERM.")

  /// Where the help lines of `serve` and `proxy` start (longer option names take a line of
  /// their own).
  static let helpColumn = 19

  init() {}

  /// Parses the arguments after `serve`; `--flag value` and `--flag=value` both work.
  init(parsing arguments: [String]) throws(UsageError) {
    var draft = Draft()
    let operands: [String]
    do throws(OptionError) {
      operands = try Self.table.parse(arguments, into: &draft)
    } catch {
      throw UsageError(error)
    }
    if let operand = operands.first {
      throw UsageError(description: "unexpected argument '\(operand)'")
    }
    try self.init(checking: draft)
  }

  /// The options of `draft` once the checks across options hold: one source (`--world` goes
  /// with `--record` only when the emulator is recorded), `--upstream` with `--record` only
  /// and safe unless `--insecure-upstream`, `--max-answer-bytes` with `--upstream` only.
  init(checking draft: Draft) throws(UsageError) {
    self = draft.options
    let emulatorRecorded = draft.record != nil && draft.upstream == nil
    let sources = [emulatorRecorded ? nil : draft.world, draft.replay, draft.record]
    if sources.compactMap({ $0 }).count > 1 {
      throw UsageError(description: "--world, --replay and --record cannot be combined")
    }
    if draft.matchGiven, draft.replay == nil {
      throw UsageError(description: "--match applies to --replay only")
    }
    if let record = draft.record {
      guard let upstream = draft.upstream else {
        guard !draft.maxAnswerGiven else {
          throw UsageError(
            description:
              "--max-answer-bytes only makes sense with --upstream (it limits upstream answers)")
        }
        source = .recordEmulator(cassette: record, worldFile: draft.world)
        return
      }
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
    } else if draft.upstream != nil {
      throw UsageError(description: "--upstream only makes sense with --record")
    } else if draft.maxAnswerGiven {
      throw UsageError(
        description:
          "--max-answer-bytes only makes sense with --record (it limits upstream answers)")
    } else if let replay = draft.replay {
      source = .replay(cassette: replay)
    } else {
      source = .emulator(worldFile: draft.world)
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
