import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON
import GraphLive

/// The arguments of `verify`, shared by `graph-explorer verify FILE...` and the REPL's
/// `verify <cassette>`: parsing them, and verifying one cassette with `CassetteVerifier`.
struct VerifyArguments: ParsableOptions {
  /// A bad command line: what and where.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The cassettes to verify, in order.
  var operands: [String] = []
  /// `emulator` (the default), `live`, a URL or another cassette.
  var target = "emulator"
  /// The world the emulator starts from (`--world FILE` or `generated:...`), the default world
  /// when `nil`: a world made from a recording (`graph-explorer world --from`) verifies it.
  var world: String?
  /// JSON paths ignored besides (or instead of) the volatile defaults.
  var ignore: [JSONPathPattern] = []
  var useDefaultIgnores = true
  /// Values sent where the cassette has placeholders: `<ACCESS_TOKEN_1>` → a real token.
  var substitutions: [String: String] = [:]
  var help = false

  /// The cassettes to verify, in order.
  var files: [String] { operands }

  /// The options of `verify`, one row each.
  static let table = OptionTable<VerifyArguments>(
    [
      .value(
        ["--target"], "TARGET",
        """
        emulator: a fresh Graph API emulator per cassette (the default)
        live: https://graph.facebook.com (give real tokens with --secret)
        URL: another server speaking Graph, e.g. a `graph-explorer serve`
          (http://127.0.0.1:8080): each request's path and query go there
        FILE: another cassette, replayed (compare two recordings)
        """
      ) { $0.target = $1 },
      .value(
        ["--world"], "WORLD", completes: .file,
        """
        the emulator's world: a world file (graph-explorer world --from
        makes one from a recording) or generated:people=N,friends=K; the
        emulator's clock follows each recorded answer's Date, never back
        """
      ) { $0.world = $1 },
      .value(
        ["--ignore"], "PATTERN",
        """
        also ignore these JSON paths (`**.id`, `data[*].updated_time`);
        repeatable, or comma-separated
        """
      ) { parsed, list throws(OptionError) in
        for text in list.split(separator: ",") {
          do {
            parsed.ignore.append(try JSONPathPattern(parsing: String(text)))
          } catch {
            throw .invalid("--ignore: \(error)")
          }
        }
      },
      .flag(
        ["--no-default-ignores"],
        """
        compare volatile values too: fbtrace_id, created_time,
        updated_time, paging cursors, ids minted by POST, a
        link-shim URL's per-request signature (h, enc)
        """
      ) { $0.useDefaultIgnores = false },
      .value(
        ["--secret"], "NAME=VALUE",
        """
        send VALUE where the cassette has the placeholder <NAME>
        (`--secret ACCESS_TOKEN_1=CAAEmuAlice`) or a mask of *s
        where a secret goes (`access_token=****`); on the emulator,
        access tokens default to its default test token
        """
      ) { parsed, pair throws(OptionError) in
        guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
          throw .invalid("--secret expects NAME=VALUE, got '\(pair)'")
        }
        var name = String(pair[..<eq])
        if !name.hasPrefix("<"), !VerifyScope.isMask(name) { name = "<\(name)>" }
        parsed.substitutions[name] = String(pair[pair.index(after: eq)...])
      },
    ], help: { $0.help = true })

  /// Parses the arguments after `verify`.
  /// - Throws: `Failure` naming the bad option or value.
  static func parse(_ arguments: [String]) throws(Failure) -> VerifyArguments {
    let result: VerifyArguments
    do throws(OptionError) { result = try read(arguments) } catch {
      throw Failure(description: error.description)
    }
    if result.world != nil, result.target != "emulator" {
      throw Failure(description: "--world is the emulator's world; it does not go with --target")
    }
    return result
  }

  /// `the emulator`, or the target as given.
  var targetDescription: String {
    guard target == "emulator" else { return target }
    return world.map { "the emulator (world \($0))" } ?? "the emulator"
  }

  /// The world the emulator starts from.
  /// - Throws: `.unknownFormat` naming the world file and what is wrong with it.
  func startingWorld() throws(CassetteError) -> World {
    guard let world else { return .default }
    do { return try World.load(argument: world) } catch {
      throw .unknownFormat(path: world, reason: "not a world: \(error)")
    }
  }

  /// Re-sends `file`'s requests to a fresh target and compares the answers.
  /// - Throws: `CassetteError` when the cassette cannot be read or the target made.
  func verify(_ file: String) async throws(CassetteError) -> VerificationReport {
    try await verify(Cassette.loadAnyFormat(path: file))
  }

  /// As `verify(_:)`, for a cassette already read (a pipe is read once).
  func verify(_ cassette: Cassette) async throws(CassetteError) -> VerificationReport {
    let transport: any GraphTransport =
      target == "emulator" ? GraphEmulator(world: try startingWorld()) : try Self.makeTarget(target)
    let verifier = CassetteVerifier(
      target: transport, ignore: ignore, useDefaultIgnores: useDefaultIgnores,
      substitutions: mapping(for: cassette).substitutions,
      switches: Self.verifierSwitches(tokenSwitches(for: cassette)),
      minter: (transport as? GraphEmulator).map(EmulatorSessionMinter.init),
      fixed: Set(substitutions.keys), appSecret: appSecret(),
      followsDialogs: followsDialogs,
      // A world given (one `world --from` built from the recording) lives the recording's
      // times: the clock follows each answer's `Date`.
      followedClock: world == nil ? nil : (transport as? GraphEmulator).map(EmulatorClock.init))
    return await verifier.verify(cassette)
  }

  /// A fresh transport for one cassette: each is verified against a world in its initial state.
  static func makeTarget(_ name: String) throws(CassetteError) -> any GraphTransport {
    if name == "emulator" { return GraphEmulator() }
    let upstream = name == "live" ? "https://graph.facebook.com" : name
    if upstream.hasPrefix("http://") || upstream.hasPrefix("https://") {
      guard let transport = UpstreamTransport(upstream: upstream, inner: CurlTransport())
      else {
        throw .unknownFormat(path: name, reason: "not an http(s) URL without a query")
      }
      return transport
    }
    return try CassettePlayer(file: name)
  }
}
