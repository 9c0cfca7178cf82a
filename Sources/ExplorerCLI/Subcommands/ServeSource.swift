import GraphAPI
import GraphCassette
import GraphEmulator

/// What `graph-explorer serve` answers from: a transport and how to name it.
struct ServeSource: Sendable {
  var transport: any GraphTransport
  /// `the emulator`, `cassette X`, ... as the first output line says it.
  var description: String

  /// The transport the options ask for.
  /// - Throws: `ServeOptions.UsageError` when a file cannot be used.
  static func make(_ source: ServeOptions.Source) throws(ServeOptions.UsageError) -> ServeSource {
    switch source {
    case .emulator(nil):
      return ServeSource(transport: GraphEmulator(world: .default), description: "the emulator")
    case .emulator(let file?):
      do {
        let world = try World.load(contentsOf: file)
        return ServeSource(
          transport: GraphEmulator(world: world), description: "the emulator (world \(file))")
      } catch {
        throw ServeOptions.UsageError(description: "--world: \(error)")
      }
    case .replay(let file):
      do {
        // Served clients retry and poll: once a request's recorded answers are all played,
        // the last one is played again rather than failing.
        let player = try CassettePlayer(file: file, allowPlaybackRepeats: true)
        return ServeSource(transport: player, description: "cassette \(file)")
      } catch {
        throw ServeOptions.UsageError(description: "--replay: \(error)")
      }
    case .record:
      throw ServeOptions.UsageError(
        description: "--record is not available in this build yet (it needs GraphLive)")
    }
  }
}
