/// A transport whose answers are ready at once, such as the emulator or a cassette: a server
/// may call `answerNow(_:)` on its own thread instead of starting a task for each request.
public protocol ImmediateGraphTransport: GraphTransport {
  /// The answer to `request`, computed on the calling thread; throws when `send` would.
  func answerNow(_ request: HTTPRequest) throws -> HTTPResponse
}
