import GraphAPI
import GraphJSON

/// Turns an `HTTPResponse` into the bytes of an HTTP/1.1 answer.
///
/// The transport's headers are kept in order, except the ones that frame the message on this
/// connection (`Content-Length`, `Transfer-Encoding`, `Connection`, `Keep-Alive`), which the
/// writer sets itself: the body is always sent whole with a `Content-Length`.
package enum HTTPResponseWriter {
  private static let framingHeaders: Set<String> = [
    "content-length", "transfer-encoding", "connection", "keep-alive",
  ]

  /// The bytes of `response` answering a request with `method` over HTTP/1.`minorVersion`;
  /// `keepAlive` says whether the connection stays open afterwards.
  package static func bytes(
    _ response: HTTPResponse, method: String, minorVersion: Int, keepAlive: Bool
  ) -> [UInt8] {
    var bytes = head(response, minorVersion: minorVersion, keepAlive: keepAlive)
    if !HTTPStatus.forbidsBody(response.status), method != "HEAD" {
      bytes.append(contentsOf: response.body)
    }
    return bytes
  }

  /// The status line and header section of `response` (through the empty line).
  package static func head(_ response: HTTPResponse, minorVersion: Int, keepAlive: Bool)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    func line(_ parts: String...) {
      for part in parts { bytes.append(contentsOf: part.utf8) }
      bytes.append(13)
      bytes.append(10)
    }
    line("HTTP/1.1 ", String(response.status), " ", HTTPStatus.reason(response.status))
    for field in response.headers where !isFramingHeader(field.name) {
      line(sanitized(field.name), ": ", sanitized(field.value))
    }
    let hasBody = !HTTPStatus.forbidsBody(response.status)
    if hasBody { line("Content-Length: ", String(response.body.count)) }
    if !keepAlive {
      line("Connection: close")
    } else if minorVersion == 0 {
      line("Connection: keep-alive")
    }
    line()
    return bytes
  }

  private static func isFramingHeader(_ name: String) -> Bool {
    switch name.utf8.count {
    case 10, 14, 17: framingHeaders.contains(name.lowercased())
    default: false
    }
  }

  /// The interim answer to `Expect: 100-continue`.
  package static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  /// A Graph-style error answer: `{"error":{"message":...,"type":"GraphServerException","code":1}}`.
  package static func errorResponse(status: Int, message: String) -> HTTPResponse {
    var error = JSONObject()
    error.append("message", .string(message))
    error.append("type", .string("GraphServerException"))
    error.append("code", .number(JSONNumber(text: "1")))
    var root = JSONObject()
    root.append("error", .object(error))
    let body = JSONPrinter(options: []).bytes(.object(root))
    return HTTPResponse(
      status: status,
      headers: ["Content-Type": "application/json; charset=UTF-8", "Cache-Control": "no-store"],
      body: body)
  }

  /// Header text with CR, LF and NUL replaced by spaces, so a header can never split the answer.
  private static func sanitized(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else { return text }
    return String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\0" || $0 == "\r\n" ? " " : $0 })
  }
}
