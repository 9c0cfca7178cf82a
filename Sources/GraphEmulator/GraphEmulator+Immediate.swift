import GraphAPI

extension GraphEmulator: ImmediateGraphTransport {
  /// `answer(_:)`: the emulator never waits.
  public func answerNow(_ request: HTTPRequest) throws -> HTTPResponse { answer(request) }
}
