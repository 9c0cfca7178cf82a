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
    var offsets: [Int]? = nil
    return head(response, minorVersion: minorVersion, keepAlive: keepAlive, valueOffsets: &offsets)
  }

  /// `head(response, ...)`; when `valueOffsets` is not `nil` it is filled with where each
  /// header's value starts in the bytes, `-1` for a framing header (not written) or a value
  /// written sanitized (another length than its own).
  static func head(
    _ response: HTTPResponse, minorVersion: Int, keepAlive: Bool, valueOffsets: inout [Int]?
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    append("HTTP/1.1 ", to: &bytes)
    append(String(response.status), to: &bytes)
    bytes.append(32)
    append(HTTPStatus.reason(response.status), to: &bytes)
    bytes.append(contentsOf: crlf)
    for field in response.headers {
      guard !isFramingHeader(field.name) else {
        valueOffsets?.append(-1)
        continue
      }
      appendSanitized(field.name, to: &bytes)
      bytes.append(contentsOf: colonSpace)
      let start = bytes.count
      let clean = appendSanitized(field.value, to: &bytes)
      valueOffsets?.append(clean ? start : -1)
      bytes.append(contentsOf: crlf)
    }
    if !HTTPStatus.forbidsBody(response.status) {
      append("Content-Length: ", to: &bytes)
      append(String(response.body.count), to: &bytes)
      bytes.append(contentsOf: crlf)
    }
    if !keepAlive {
      append("Connection: close\r\n", to: &bytes)
    } else if minorVersion == 0 {
      append("Connection: keep-alive\r\n", to: &bytes)
    }
    bytes.append(contentsOf: crlf)
    return bytes
  }

  private static let crlf: [UInt8] = [13, 10]
  private static let colonSpace: [UInt8] = [58, 32]

  private static func append(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends `sanitized(text)`: its bytes as they are when it holds no CR, LF or NUL (then
  /// `true`).
  @discardableResult
  private static func appendSanitized(_ text: String, to bytes: inout [UInt8]) -> Bool {
    var text = text
    let clean = text.withUTF8 { utf8 in
      guard isClean(utf8) else { return false }
      bytes.append(contentsOf: utf8)
      return true
    }
    if !clean { append(sanitized(text), to: &bytes) }
    return clean
  }

  /// Whether header text holds no CR, LF or NUL, so it is written as it is.
  static func isClean(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    !utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 })
  }

  static func isFramingHeader(_ name: String) -> Bool {
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
