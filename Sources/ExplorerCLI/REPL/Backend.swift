import GraphAPI
import GraphCassette
import GraphEmulator
import GraphLive

/// What a session talks to: the emulator (on the default world or a world file), optionally
/// wrapped by a cassette recorder, or a cassette player.
struct Backend {
  var transport: any GraphTransport
  /// `emulator`, `replay`, ...: shown by `target` and the prompt.
  var targetName: String
  /// The token the session starts with.
  var token: String?
  /// The emulator, when requests reach one (for login, grant, revoke, logout, reset).
  var emulator: GraphEmulator?
  /// The recorder, while recording.
  var recorder: CassetteRecorder?
  /// Where requests go.
  var baseURL = GraphRequest.defaultBaseURL
  /// What answers when not recording (the transport the recorder wraps).
  var baseTransport: (any GraphTransport)?

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
    if let path = options.replay {
      guard options.record == nil else { throw .failed("--record and --replay exclude each other") }
      do {
        let player = try CassettePlayer(file: path)
        return Backend(
          transport: player, targetName: "replay", token: world.defaultToken, emulator: nil)
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
      transport: emulator, targetName: "emulator", token: emulator.defaultToken,
      emulator: emulator)
    if let target = options.target {
      let network = CurlTransport()
      backend.transport = network
      if target == "live" {
        backend.targetName = "live"
        backend.token = nil
      } else {
        guard let url = URLParts(target), url.scheme == "http" || url.scheme == "https" else {
          throw .failed("--target expects live or an http(s) URL, found '\(target)'")
        }
        backend.targetName = url.origin
        backend.baseURL = url.origin
      }
    }
    if let path = options.record {
      backend.baseTransport = backend.transport
      // The emulator's test tokens are published: leaving them in place keeps paging URLs
      // replayable as they were shown. A live target's tokens stay redacted.
      let recorder = try record(
        wrapping: backend.transport, to: path, mode: options.mode,
        publicValues: publicValues(of: backend.transport))
      backend.recorder = recorder
      backend.transport = recorder
    }
    return backend
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
        knownSecrets: secrets.map { Secret.appSecret($0) }, publicValues: publicValues)
    } catch {
      throw .failed("\(error)")
    }
  }
}
