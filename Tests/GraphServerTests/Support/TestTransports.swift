import GraphAPI

/// Answers every request with what it received: the body as the body, the method and URL and
/// the request's Content-Type in headers. The server's own fixture.
struct EchoTransport: GraphTransport {
  /// How long every answer takes.
  var delay: Duration = .zero
  /// How long answers to URLs containing `/slow` take.
  var slowDelay: Duration = .zero

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    if delay > .zero { try await Task.sleep(for: delay) }
    if slowDelay > .zero, request.url.contains("/slow") { try await Task.sleep(for: slowDelay) }
    var headers: HTTPHeaders = [
      "Content-Type": "application/octet-stream",
      "X-Echo-Method": request.method,
      "X-Echo-URL": request.url,
      "X-Echo-Content-Type": request.headers["Content-Type"] ?? "",
      "Transfer-Encoding": "chunked",
      "Content-Length": "999",
      "Connection": "upgrade",
    ]
    headers.add("Set-Cookie", "a=1")
    headers.add("Set-Cookie", "b=2")
    return HTTPResponse(status: 200, headers: headers, body: request.body)
  }
}

/// Never answers: every request fails as a transport would when nothing matches.
struct FailingTransport: GraphTransport {
  struct NoMatch: Error, CustomStringConvertible {
    var description: String { "no recorded exchange matches GET /me" }
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw NoMatch() }
}
