import GraphAPI
import Testing

@testable import ExplorerCLI

/// Answers with the URL and headers it was sent, so a test sees what went upstream.
private struct Reflector: GraphTransport {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    HTTPResponse(
      status: 200, headers: request.headers, body: Array(request.url.utf8) + request.body)
  }
}

@Suite struct UpstreamTransportTests {
  @Test(arguments: [
    (
      "https://graph.facebook.com", "http://127.0.0.1:9/v2.0/me?fields=id",
      "https://graph.facebook.com/v2.0/me?fields=id"
    ),
    ("https://graph.facebook.com/", "http://127.0.0.1:9/me", "https://graph.facebook.com/me"),
    (
      "http://127.0.0.1:8080/graph/", "http://localhost:9/v2.0/?ids=1,2",
      "http://127.0.0.1:8080/graph/v2.0/?ids=1,2"
    ),
  ])
  func rewritesTheOrigin(upstream: String, url: String, expected: String) throws {
    let transport = try #require(UpstreamTransport(upstream: upstream, inner: Reflector()))
    #expect(transport.forwarded(HTTPRequest(url: url)).url == expected)
  }

  @Test func dropsHopByHopHeadersAndKeepsTheRest() async throws {
    let transport = try #require(
      UpstreamTransport(upstream: "https://graph.facebook.com", inner: Reflector()))
    let request = HTTPRequest(
      method: "POST", url: "http://127.0.0.1:9/me/feed",
      headers: [
        "Host": "127.0.0.1:9", "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": "9", "Connection": "keep-alive", "Expect": "100-continue",
        "User-Agent": "FBiOSSDK.3.24.0",
      ],
      body: Array("message=x".utf8))
    let response = try await transport.send(request)
    #expect(response.headers.map(\.name) == ["Content-Type", "User-Agent"])
    #expect(response.bodyText == "https://graph.facebook.com/me/feedmessage=x")
  }

  @Test func rejectsAnUpstreamWithAQuery() {
    #expect(
      UpstreamTransport(upstream: "https://graph.facebook.com/?x=1", inner: Reflector()) == nil)
  }
}
