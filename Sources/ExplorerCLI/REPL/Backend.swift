import GraphAPI
import GraphCassette
import GraphEmulator
import GraphLive

/// What a session talks to, as the options ask: its target (the emulator on the default world
/// or a world file, a network origin, or a cassette player), optionally wrapped by a cassette
/// recorder.
struct Backend {
  /// Where requests go.
  var target: Target
  /// The token the session starts with.
  var token: String?
  /// The session's emulator (kept while a network target answers), or `nil` on a replay.
  var emulator: GraphEmulator?
  /// The recorder, while recording.
  var recorder: CassetteRecorder?
  /// The world a new emulator starts from.
  var world: World = .default

  /// The backend the options ask for: `--world`, `--record` (with `--mode`), `--replay`.
  /// - Throws: `.file` or `.failed` when a world or cassette cannot be loaded.
  static func make(_ options: REPLOptions) throws(ExplorerError) -> Backend {
    var world: World
    if let path = options.world {
      do {
        world = try World.load(argument: path)
      } catch {
        throw .failed("\(error)")
      }
    } else {
      world = .default
    }
    if options.matchers != nil, options.replay == nil {
      throw .failed("--match applies to --replay only")
    }
    if let path = options.replay {
      guard options.record == nil else { throw .failed("--record and --replay exclude each other") }
      do {
        let player = try CassettePlayer(file: path, matchers: options.matchers ?? .default)
        return Backend(
          target: .replay(file: path, player: player), token: world.defaultToken, world: world)
      } catch {
        throw .failed("\(error)")
      }
    }
    if let text = options.defaultVersion {
      guard let version = GraphVersion(text) else {
        throw .failed(
          "--default-version: '\(text)' is not a Graph version (\(VersionRegistry.servedSummary))")
      }
      world.app.defaultVersion = version
    }
    let emulator = GraphEmulator(
      world: world, secrets: options.deterministicSecrets ? .deterministic : .random)
    if let throttle = options.throttle {
      do {
        emulator.setThrottle(callsPerMinute: try GraphEmulator.throttleRate(parsing: throttle))
      } catch {
        throw .failed("--throttle: \(error)")
      }
    }
    var backend = Backend(
      target: .emulator(emulator), token: emulator.defaultToken, emulator: emulator, world: world)
    if let target = options.target {
      if target == "live" {
        backend.target = .network(GraphRequest.defaultBaseURL)
        backend.token = nil
      } else {
        guard let url = URLParts(target), url.scheme == "http" || url.scheme == "https" else {
          throw .failed("--target expects live or an http(s) URL, found '\(target)'")
        }
        backend.target = .network(url.origin)
      }
    }
    if let path = options.record {
      // The emulator's test tokens are published: leaving them in place keeps paging URLs
      // replayable as they were shown. A live target's tokens stay redacted.
      backend.recorder = try record(
        wrapping: backend.target.transport, to: path, mode: options.mode,
        publicValues: publicValues(of: backend.target.transport))
    }
    return backend
  }

  /// A session on this backend, starting with `token` when one is given.
  func session(token: String?) -> Session {
    let session = Session(target: target, token: token ?? self.token)
    session.emulator = emulator
    session.recorder = recorder
    session.world = world
    return session
  }

  /// The emulator's published test tokens when `transport` is the emulator (they need no
  /// redaction), else nothing.
  static func publicValues(of transport: any GraphTransport) -> Set<String> {
    guard let emulator = transport as? GraphEmulator else { return [] }
    return Set(emulator.testTokens.map(\.token))
  }

  /// A recorder writing `transport`'s exchanges to `path` in `mode` (`once` by default);
  /// `publicValues` are left as they are although they sit where secrets go.
  static func record(
    wrapping transport: any GraphTransport, to path: String, mode: String?,
    secrets: [String] = [], publicValues: Set<String> = []
  ) throws(ExplorerError) -> CassetteRecorder {
    guard let recordMode = RecordMode(parsing: mode ?? "once") else {
      let modes = RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
      throw .failed("unknown record mode '\(mode ?? "")' (expected \(modes))")
    }
    do {
      return try CassetteRecorder(
        wrapping: transport, file: path, mode: recordMode,
        knownSecrets: secrets.map { Secret.appSecret($0) }, publicValues: publicValues,
        recordedWith: "graph-explorer \(GraphExplorer.version)")
    } catch {
      throw .failed("\(error)")
    }
  }
}
