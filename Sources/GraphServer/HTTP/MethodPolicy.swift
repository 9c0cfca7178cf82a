import GraphAPI

/// The methods `serve` answers itself or maps before the transport sees them: `HEAD` is asked
/// as `GET` (and `HTTPResponseWriter` leaves the body out, keeping its `Content-Length`), and
/// `OPTIONS` is answered 204 with the methods Graph takes, plus CORS headers when the request
/// has an `Origin` (what a browser client sends before a cross-origin call).
enum MethodPolicy {
  /// The methods served, for `Allow` and `Access-Control-Allow-Methods`.
  static let allowed = "GET, HEAD, POST, DELETE, OPTIONS"

  /// The method the transport is asked with.
  static func transportMethod(_ method: String) -> String {
    method == "HEAD" ? "GET" : method
  }

  /// The answer to an `OPTIONS` request, which never reaches the transport; `nil` otherwise.
  static func optionsAnswer(_ request: ParsedRequest) -> HTTPResponse? {
    guard request.method == "OPTIONS" else { return nil }
    var headers: HTTPHeaders = ["Allow": allowed]
    if request.headers["Origin"] != nil {
      headers.add("Access-Control-Allow-Origin", "*")
      headers.add("Access-Control-Allow-Methods", allowed)
      if let asked = request.headers["Access-Control-Request-Headers"] {
        headers.add("Access-Control-Allow-Headers", asked)
      }
      headers.add("Access-Control-Max-Age", "86400")
    }
    return HTTPResponse(status: 204, headers: headers)
  }
}
