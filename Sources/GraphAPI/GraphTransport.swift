/// Anything that answers HTTP requests: the real network, the emulator, a cassette player,
/// a recorder wrapping another transport. The one abstraction the rest of the tool is built on.
public protocol GraphTransport: Sendable {
  /// Sends `request` and returns the complete answer, or throws when there is none
  /// (connection refused, timeout, no recorded match, ...). An HTTP error status is an answer,
  /// not a thrown error.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
