import Foundation
import GraphAPI
import GraphServer
import GraphTestSupport

@testable import GraphLive

/// A `GraphServer` whose I/O loop sends each request it gets on to `base` through a
/// `LoopHTTPTransport` whose libcurl fallback cannot load (so an answer shows the loop made the
/// exchange). The answer comes back as `LoopRelay.text` writes it: 200 with the upstream's
/// status, headers and body as text, or 599 with the error's description.
final class LoopRelay: Sendable {
  struct Relay: GraphTransport {
    let base: String
    let inner: LoopHTTPTransport

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      var forwarded = request
      let parts = URLParts(request.url)
      forwarded.url = base + (parts?.path ?? "/") + (parts?.query.map { "?\($0)" } ?? "")
      forwarded.headers.fields.removeAll {
        ["host", "content-length", "connection"].contains($0.name.lowercased())
      }
      do {
        return HTTPResponse(status: 200, body: LoopRelay.text(try await inner.send(forwarded)))
      } catch {
        return HTTPResponse(status: 599, body: Array("\(error)".utf8))
      }
    }
  }

  let server: GraphServer
  let port: Int

  init(base: String, timeout: Duration, maxAnswerBytes: Int = CurlTransport.defaultMaxAnswerBytes)
    throws
  {
    let fallback = CurlTransport(
      timeout: timeout, userAgent: "graph-explorer", maxAnswerBytes: maxAnswerBytes,
      maxTransfers: 4, caBundle: nil, ignoresProxyEnvironment: false,
      library: "libcurl-not-here.so.0")
    server = GraphServer(
      transport: Relay(base: base, inner: LoopHTTPTransport(fallback: fallback)))
    port = try server.start()
  }

  func stop() { server.stop() }

  /// What a relayed request gave: `200 OK`-style status line, sorted headers, an empty line, the
  /// body, and what was received when it was decoded.
  static func text(_ response: HTTPResponse) -> [UInt8] {
    var head = "\(response.status)\n"
    for field in response.headers { head += "\(field.name): \(field.value)\n" }
    head += "received: \(response.received.map { "\($0.encoding) \($0.bytes.count)" } ?? "-")\n\n"
    return Array(head.utf8) + response.body
  }

  /// `text` for `outcome`, or the 599 description, as the relay answers it.
  static func expected(_ outcome: Result<HTTPResponse, any Error>) -> (Int, [UInt8]) {
    switch outcome {
    case .success(let response): (200, text(response))
    case .failure(let error): (599, Array("\(error)".utf8))
    }
  }

  /// Sends `GET path` on a new connection and reads the answer.
  func get(_ path: String, timeout: Double = 20) throws -> RawClient.Response {
    let client = try RawClient(port: port, timeout: timeout)
    try client.send("GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n")
    return try client.readResponse()
  }
}
