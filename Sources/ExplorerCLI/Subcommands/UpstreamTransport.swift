import GraphAPI

/// Forwards requests that arrived at `graph-explorer serve` to an upstream such as
/// `https://graph.facebook.com`: the request's scheme, host and port become the upstream's (a
/// path in the upstream URL is put in front of the request's path), and the headers that
/// belonged to the hop from the client (`Host`, `Connection`, `Content-Length`, ...) are dropped
/// so the inner transport sets its own.
struct UpstreamTransport: GraphTransport {
  /// `scheme://host[:port][/path]` without a trailing slash.
  let base: String
  let inner: any GraphTransport
  /// Whether the upstream is told the scheme and host the client addressed
  /// (`X-Forwarded-Proto`, `X-Forwarded-Host`): `proxy --record --upstream`, whose upstream
  /// (another `serve`) then answers as that Facebook host rather than as its own address.
  var forwardsAddress = false

  static let hopHeaders: Set<String> = [
    "host", "connection", "keep-alive", "proxy-connection", "proxy-authorization", "te",
    "trailer", "transfer-encoding", "upgrade", "expect", "content-length",
  ]

  /// - Parameter upstream: an absolute http(s) URL without a query.
  init?(upstream: String, inner: any GraphTransport) {
    guard let parts = URLParts(upstream), parts.query == nil else { return nil }
    var path = parts.path
    while path.hasSuffix("/") { path.removeLast() }
    base = parts.origin + path
    self.inner = inner
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await inner.send(forwarded(request))
  }

  /// `request` as it goes upstream.
  func forwarded(_ request: HTTPRequest) -> HTTPRequest {
    var request = request
    let parts = URLParts(request.url)
    if let parts {
      request.url = base + parts.path + (parts.query.map { "?\($0)" } ?? "")
    }
    request.headers.fields.removeAll { Self.hopHeaders.contains($0.name.lowercased()) }
    if forwardsAddress, let parts {
      request.headers["X-Forwarded-Proto"] = parts.scheme
      request.headers["X-Forwarded-Host"] = parts.host + (parts.port.map { ":\($0)" } ?? "")
    }
    return request
  }
}
