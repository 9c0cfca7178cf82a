import GraphAPI

/// One complete request as the connection parser read it off the wire.
package struct ParsedRequest: Sendable, Equatable {
  /// The method token, case kept (`GET`, `POST`, ...).
  package var method: String
  /// The request target as sent: `/path?query`, or an absolute `http://...` URL.
  package var target: String
  /// `0` for HTTP/1.0, `1` for HTTP/1.1.
  package var minorVersion: Int
  /// The header fields in order.
  package var headers: HTTPHeaders {
    didSet { host = headers["Host"] }
  }
  /// The body with any chunked framing removed.
  package var body: [UInt8]
  /// Whether the connection stays open after the answer.
  package var keepAlive: Bool
  /// The first `Host` header's value, as the parser found it while framing the request.
  var host: String?

  package init(
    method: String, target: String, minorVersion: Int = 1, headers: HTTPHeaders = [:],
    body: [UInt8] = [], keepAlive: Bool = true
  ) {
    self.method = method
    self.target = target
    self.minorVersion = minorVersion
    self.headers = headers
    self.body = body
    self.keepAlive = keepAlive
    self.host = headers["Host"]
  }

  /// A request whose `Host` the parser has already picked out of `headers`.
  init(
    method: String, target: String, minorVersion: Int, headers: HTTPHeaders, host: String?,
    body: [UInt8], keepAlive: Bool
  ) {
    self.method = method
    self.target = target
    self.minorVersion = minorVersion
    self.headers = headers
    self.host = host
    self.body = body
    self.keepAlive = keepAlive
  }

  /// The absolute URL of the request: `scheme://` + the `Host` header (or `fallbackAuthority`
  /// when there is none) + the target; an absolute-form target is kept as it is.
  package func absoluteURL(scheme: String = "http", fallbackAuthority: String) -> String {
    if !target.hasPrefix("/") { return target }
    let host = self.host.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackAuthority
    var url = scheme
    url.reserveCapacity(scheme.utf8.count + 3 + host.utf8.count + target.utf8.count)
    url += "://"
    url += host
    url += target
    return url
  }
}
