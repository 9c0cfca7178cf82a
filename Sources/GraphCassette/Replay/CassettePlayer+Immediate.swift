import GraphAPI

extension CassettePlayer: ImmediateGraphTransport {
  /// `answer(_:)`: a cassette never waits.
  public func answerNow(_ request: HTTPRequest) throws -> HTTPResponse { try answer(request) }
}
