/// One HTTP request as it goes over the wire: method, absolute URL, ordered headers, body bytes.
///
/// The URL is kept as text, exactly as it will be sent, so that Graph's `fields` syntax
/// (braces, parentheses, commas) is never re-encoded behind the caller's back.
public struct HTTPRequest: Sendable, Hashable {
  public var method: String
  public var url: String
  public var headers: HTTPHeaders
  public var body: [UInt8]

  public init(method: String = "GET", url: String, headers: HTTPHeaders = [:], body: [UInt8] = []) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }

  /// A request with one of Graph's methods.
  public init(_ method: GraphMethod, url: String, headers: HTTPHeaders = [:], body: [UInt8] = []) {
    self.init(method: method.rawValue, url: url, headers: headers, body: body)
  }

  /// The method as one of Graph's (`GET`, `POST`, `DELETE`, as sent: methods are
  /// case-sensitive), or `nil` for any other (`HEAD`, `PUT`, ...).
  public var graphMethod: GraphMethod? { GraphMethod(rawValue: method) }
}
