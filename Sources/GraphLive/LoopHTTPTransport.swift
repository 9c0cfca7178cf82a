import Foundation
import GraphAPI
import GraphServer

/// `serve --record`'s way upstream: a plain-http request made on the calling server's own I/O
/// loop (`LoopSockets`), so forwarding costs no thread, no hand-off and no libcurl (issue 48).
///
/// - Used when the caller runs on a `GraphServer` I/O thread and the URL is `http://` to an IP
///   address or `localhost`. Anything else (https, a host name to resolve, a caller off the
///   loop) goes to `fallback`, the libcurl transport, unchanged.
/// - What goes upstream is what `CurlTransport` sends: the same request line and `Host`,
///   `Accept: */*`, `User-Agent` and `Accept-Encoding: gzip, deflate` when the request has
///   none, a body with `Content-Length` (and libcurl's default form `Content-Type`), never a
///   header line with CR, LF or NUL.
/// - Connections are kept alive per loop and upstream (`IdleUpstreams`) and reused; a kept one
///   that turns out closed before any answer byte is replaced by a new one, once.
/// - The answer is read as libcurl reads it (`UpstreamAnswerReader`: `Content-Length`, chunked,
///   or until the close; 1xx skipped), never past `fallback.maxAnswerBytes`, within
///   `fallback.timeout`, and decoded by `CurlTransport.decoded` (gzip, deflate); a large encoded
///   one is inflated off the loop. Failures are the `GraphLiveError`s libcurl's would be.
public final class LoopHTTPTransport: GraphTransport, Sendable {
  /// Where the requests this transport does not make itself go.
  public let fallback: CurlTransport
  /// Encoded answers from this size are inflated off the I/O thread.
  static let offLoopDecoding = 64 * 1024

  public init(fallback: CurlTransport) {
    self.fallback = fallback
  }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let sockets = LoopSockets.current, var parts = URLParts(request.url),
      parts.scheme == "http", let addresses = UpstreamAddresses(parts: parts)
    else { return try await fallback.send(request) }
    var request = request
    request.url = CurlTransport.escapedURL(request.url)
    parts = URLParts(request.url) ?? parts
    if request.headers["User-Agent"] == nil { request.headers["User-Agent"] = fallback.userAgent }
    if request.headers["Accept-Encoding"] == nil {
      request.headers["Accept-Encoding"] = "gzip, deflate"
    }
    let limit = fallback.maxAnswerBytes
    let key = ObjectIdentifier(self)
    let idle: IdleUpstreams
    if let kept = sockets.attachments[key] as? IdleUpstreams {
      idle = kept
    } else {
      idle = IdleUpstreams()
      sockets.attachments[key] = idle
    }
    let exchange = UpstreamExchange(
      sockets: sockets, idle: idle,
      plan: UpstreamExchange.Plan(
        target: addresses, bytes: Self.requestBytes(request, parts: parts),
        reader: UpstreamAnswerReader(
          limit: limit, expectsBody: request.method.uppercased() != "HEAD"),
        timeout: fallback.timeout))
    let answer = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<UpstreamExchange.Answer, any Error>) in
      exchange.start(continuation)
    }
    let decode = { () throws(GraphLiveError) -> HTTPResponse in
      try CurlTransport.decoded(
        status: answer.status, headers: answer.headers, body: answer.body,
        duration: answer.duration, parts: parts, limit: limit)
    }
    guard answer.body.count >= Self.offLoopDecoding, answer.headers["Content-Encoding"] != nil
    else { return try decode() }
    return try await Task.detached { try decode() }.value
  }

  /// The request as libcurl writes it for `CurlTransfer`.
  static func requestBytes(_ request: HTTPRequest, parts: URLParts) -> [UInt8] {
    let method = request.method.uppercased()
    let sendsBody =
      !request.body.isEmpty || method == "POST" || method == "PUT" || method == "PATCH"
    var head = method + " " + parts.path + (parts.query.map { "?" + $0 } ?? "") + " HTTP/1.1\r\n"
    if request.headers["Host"] == nil {
      head += "Host: " + parts.host + (parts.port.map { ":\($0)" } ?? "") + "\r\n"
    }
    if request.headers["Accept"] == nil { head += "Accept: */*\r\n" }
    for field in request.headers {
      let text = field.name + field.value
      guard !field.name.isEmpty,
        !text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 })
      else { continue }
      head += field.name + (field.value.isEmpty ? ":\r\n" : ": " + field.value + "\r\n")
    }
    if sendsBody {
      if request.headers["Content-Length"] == nil {
        head += "Content-Length: \(request.body.count)\r\n"
      }
      if request.headers["Content-Type"] == nil {
        head += "Content-Type: application/x-www-form-urlencoded\r\n"
      }
    }
    head += "\r\n"
    var bytes = Array(head.utf8)
    bytes += request.body
    return bytes
  }
}
