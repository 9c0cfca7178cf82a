/// One HTTP response: status, ordered headers, body bytes, and how long it took to arrive.
public struct HTTPResponse: Sendable, Hashable {
  public var status: Int
  public var headers: HTTPHeaders
  public var body: [UInt8]
  /// Time from sending the request to receiving the whole answer.
  public var duration: Duration
  /// The body as the server sent it, when it came compressed and `body` is its decoded form.
  public var received: ReceivedBody?

  public init(
    status: Int, headers: HTTPHeaders = [:], body: [UInt8] = [], duration: Duration = .zero,
    received: ReceivedBody? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.duration = duration
    self.received = received
  }

  /// The body as UTF-8 text (invalid sequences replaced).
  public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
