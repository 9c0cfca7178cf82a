import GraphAPI

/// What `graph-explorer serve` answers from: a transport and how to name it.
struct ServeSource: Sendable {
  var transport: any GraphTransport
  /// `the emulator`, `cassette X`, ... as the first output line says it.
  var description: String

  /// The transport the options ask for.
  /// - Throws: `ServeOptions.UsageError` when a file cannot be used.
  static func make(_ source: ServeOptions.Source) throws(ServeOptions.UsageError) -> ServeSource {
    switch source {
    case .emulator:
      throw ServeOptions.UsageError(
        description: "the Graph API emulator is not available in this build yet")
    case .replay:
      throw ServeOptions.UsageError(description: "--replay is not available in this build yet")
    case .record:
      throw ServeOptions.UsageError(description: "--record is not available in this build yet")
    }
  }
}
