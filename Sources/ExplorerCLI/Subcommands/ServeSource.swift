import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphLive

/// What `graph-explorer serve` answers from: a transport and how to name it.
struct ServeSource: Sendable {
  var transport: any GraphTransport
  /// `the emulator`, `cassette X`, ... as the first output line says it.
  var description: String
  /// How many forwarded requests may wait on the upstream at once (`--record`).
  static let upstreamConnections = 256

  /// The transport the options ask for.
  /// - Throws: `ServeOptions.UsageError` when a file cannot be used.
  /// - Parameter maxAnswerBytes: with `.record`, the largest decoded answer read from the
  ///   upstream (`--max-answer-bytes`); larger ones are answered 502 and not recorded.
  /// - Parameter secrets: the emulator's codes and minted tokens (`--deterministic-secrets`).
  /// - Parameter matchers: how `.replay` matches requests (`--match`).
  static func make(
    _ source: ServeOptions.Source,
    maxAnswerBytes: Int = CurlTransport.defaultMaxAnswerBytes, defaultVersion: GraphVersion? = nil,
    secrets: SecretMint = .random, matchers: MatcherSet = .default
  ) throws(ServeOptions.UsageError) -> ServeSource {
    switch source {
    case .emulator(let file):
      let emulator = try Self.emulator(
        world: file, defaultVersion: defaultVersion, secrets: secrets)
      return ServeSource(
        transport: emulator, description: "the emulator" + (file.map { " (world \($0))" } ?? ""))
    case .recordEmulator(let file, let worldFile):
      guard !FileManager.default.fileExists(atPath: file) else {
        throw ServeOptions.UsageError(
          description: "--record: \(file) already exists; record into a new file")
      }
      let emulator = try Self.emulator(
        world: worldFile, defaultVersion: defaultVersion, secrets: secrets)
      do {
        // The emulator's published test tokens stay as they are (as the REPL records them), so
        // the cassette verifies against the emulator unchanged.
        let recorder = try CassetteRecorder(
          wrapping: emulator, file: file, mode: .once,
          publicValues: Set(emulator.testTokens.map(\.token)),
          recordedWith: "graph-explorer \(GraphExplorer.version) serve",
          keepsInteractions: false)
        return ServeSource(
          transport: EmulatorRecording(emulator: emulator, recorder: recorder),
          description: "the emulator"
            + (worldFile.map { " (world \($0))" } ?? "") + " (recording to \(file))")
      } catch {
        throw ServeOptions.UsageError(description: "--record: \(error)")
      }
    case .replay(let file):
      do {
        // Served clients retry and poll: once a request's recorded answers are all played,
        // the last one is played again rather than failing.
        let player = try CassettePlayer(
          file: file, matchers: matchers, allowPlaybackRepeats: true)
        return ServeSource(transport: player, description: "cassette \(file)")
      } catch {
        throw ServeOptions.UsageError(description: "--replay: \(error)")
      }
    case .record(let file, let upstream):
      // Capture mode never touches an existing recording.
      guard !FileManager.default.fileExists(atPath: file) else {
        throw ServeOptions.UsageError(
          description: "--record: \(file) already exists; record into a new file")
      }
      // Rewrite to the upstream first, then record: the cassette holds the requests as they
      // went upstream (graph.facebook.com URLs), not the local hop.
      // A plain-http upstream at an address is reached on the server's I/O loop itself, each
      // request on a kept-alive connection of its own (a few stalled requests must not hold
      // the rest, as URLSession's 6 per host would); https goes through libcurl, up to 256
      // requests in flight at once.
      let recorder: CassetteRecorder
      do {
        recorder = try CassetteRecorder(
          wrapping: LoopHTTPTransport(
            fallback: CurlTransport(
              maxAnswerBytes: maxAnswerBytes, maxTransfers: Self.upstreamConnections)),
          file: file, mode: .once,
          recordedWith: "graph-explorer \(GraphExplorer.version) serve",
          keepsInteractions: false)
      } catch {
        throw ServeOptions.UsageError(description: "--record: \(error)")
      }
      guard let forward = UpstreamTransport(upstream: upstream, inner: recorder) else {
        throw ServeOptions.UsageError(description: "--upstream: '\(upstream)' is not a URL")
      }
      return ServeSource(
        transport: forward, description: "\(forward.base) (recording to \(file))")
    }
  }

  /// The emulator on the default world or the world `file` names (`--world`).
  private static func emulator(
    world file: String?, defaultVersion: GraphVersion?, secrets: SecretMint
  ) throws(ServeOptions.UsageError) -> GraphEmulator {
    do {
      var world = try file.map { try World.load(argument: $0) } ?? World.default
      if let defaultVersion { world.app.defaultVersion = defaultVersion }
      return GraphEmulator(world: world, secrets: secrets)
    } catch {
      throw ServeOptions.UsageError(description: "--world: \(error)")
    }
  }

  /// The emulator answering: itself, or under `serve --record` without `--upstream`.
  var emulator: GraphEmulator? {
    (transport as? GraphEmulator) ?? (transport as? EmulatorRecording)?.emulator
  }
}
