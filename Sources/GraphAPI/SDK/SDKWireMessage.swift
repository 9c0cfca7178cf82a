/// An SDK's request as the bytes of one HTTP/1.1 message, the way NSURLConnection puts it on
/// the socket: the request line with the URL's path and query, `Host`, the SDK's own headers
/// in the order it set them, and `Content-Length` when there is a body.
///
/// **[choice]** No source fixes what CFNetwork adds beyond the SDK's headers (`Accept`,
/// `Accept-Language`, `Accept-Encoding`, `Connection`); they change nothing Graph reads and
/// are left out. A GET or DELETE with the SDK's empty multipart body is sent with the
/// multipart `Content-Type` and no `Content-Length`, as an empty `NSData` body gives.
public struct SDKWireMessage: Sendable, Hashable {
  public var request: HTTPRequest

  public init(_ request: HTTPRequest) { self.request = request }

  /// The request line: `METHOD /path?query HTTP/1.1`.
  public var requestLine: String {
    let parts = URLParts(request.url)
    var target = parts?.path ?? "/"
    if target.isEmpty { target = "/" }
    if let query = parts?.query { target += "?" + query }
    return "\(request.method) \(target) HTTP/1.1"
  }

  /// The head, each line ending in CRLF, the blank line included.
  public var head: String {
    var lines = [requestLine]
    if let parts = URLParts(request.url) {
      lines.append("Host: " + parts.host + (parts.port.map { ":\($0)" } ?? ""))
    }
    for field in request.headers.fields {
      lines.append("\(field.name): \(field.value)")
    }
    if !request.body.isEmpty { lines.append("Content-Length: \(request.body.count)") }
    return lines.map { $0 + "\r\n" }.joined() + "\r\n"
  }

  /// The whole message: the head, then the body as the SDK built it.
  public var bytes: [UInt8] { Array(head.utf8) + request.body }

  /// The message for a reader: each CRLF as a newline, each other byte outside printable
  /// ASCII and LF (a lone CR, a file part's image bytes) as `\xHH`.
  public var displayText: String {
    let bytes = Array(head.utf8) + request.body
    var text = ""
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
        continue
      case 0x0A, 0x20...0x7E:
        text.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        text += "\\x" + IOSSDKWire.hexDigits(byte, uppercase: false)
      }
    }
    return text
  }
}
