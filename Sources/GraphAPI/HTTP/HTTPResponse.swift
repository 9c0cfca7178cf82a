/// One HTTP response: status, ordered headers, body bytes, and how long it took to arrive.
public struct HTTPResponse: Sendable, Hashable {
  public var status: Int
  public var headers: HTTPHeaders
  public var body: [UInt8]
  /// Time from sending the request to receiving the whole answer.
  public var duration: Duration

  public init(
    status: Int, headers: HTTPHeaders = [:], body: [UInt8] = [], duration: Duration = .zero
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.duration = duration
  }

  /// The body as UTF-8 text (invalid sequences replaced).
  public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
