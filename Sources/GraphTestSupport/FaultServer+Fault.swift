import GraphGzip

/// What a `FaultServer` does with a request.
public enum Fault: Sendable {
  /// A complete answer (`Content-Length` and `Connection: close` are added).
  case answer(status: Int, headers: [(String, String)], body: [UInt8])
  /// The same answer written one byte at a time, `every` apart.
  case drip(status: Int, headers: [(String, String)], body: [UInt8], every: Duration)
  /// The head declares all of `body` but only its first `sent` bytes follow; then the
  /// connection is reset (`reset`, a TCP RST) or closed.
  case cutBody(status: Int, headers: [(String, String)], body: [UInt8], sent: Int, reset: Bool)
  /// Reads the request and never answers (until the client or `stop()` closes the connection).
  case stall
  /// Closes the connection without answering.
  case close
  /// Writes `bytes` as they are (no head added), then closes.
  case raw([UInt8])
  /// Writes `head`, then `piece` again and again until the client closes the connection.
  case endless(head: [UInt8], piece: [UInt8])

  static let jsonType = ("Content-Type", "application/json; charset=UTF-8")

  /// A JSON answer.
  public static func json(_ text: String, status: Int = 200) -> Fault {
    .answer(status: status, headers: [jsonType], body: Array(text.utf8))
  }

  /// The HTML page a captive portal, proxy or load balancer gives instead of Graph's JSON.
  public static func html(status: Int = 200) -> Fault {
    let page = """
      <!DOCTYPE html>
      <html><head><title>\(status) Gateway</title></head>
      <body><h1>Sign in to the network</h1><p>Please log in to continue.</p></body></html>
      """
    return .answer(
      status: status, headers: [("Content-Type", "text/html; charset=utf-8")],
      body: Array(page.utf8))
  }

  /// A complete HTTP answer whose JSON body stops half way.
  public static func truncatedJSON(_ text: String) -> Fault {
    .answer(status: 200, headers: [jsonType], body: Array(text.utf8.prefix(text.utf8.count / 2)))
  }

  /// A JSON answer sent gzip-compressed with `Content-Encoding: gzip`.
  public static func gzipJSON(_ text: String) -> Fault {
    .answer(
      status: 200, headers: [jsonType, ("Content-Encoding", "gzip")],
      body: Gzip.stored(Array(text.utf8)))
  }

  /// A JSON answer whose body is cut off after half its bytes by a reset or a close.
  public static func cutJSON(_ text: String, reset: Bool) -> Fault {
    .cutBody(
      status: 200, headers: [jsonType], body: Array(text.utf8), sent: text.utf8.count / 2,
      reset: reset)
  }

  /// A JSON answer dripped one byte at a time.
  public static func dripJSON(_ text: String, every: Duration) -> Fault {
    .drip(status: 200, headers: [jsonType], body: Array(text.utf8), every: every)
  }

  /// Graph's own answer to an internal failure: 500 with error code 1 or 2.
  public static func graphServerError(status: Int = 500) -> Fault {
    let code = status == 503 ? 2 : 1
    let message =
      code == 2
      ? "An unexpected error has occurred. Please retry your request later."
      : "An unknown error has occurred."
    return .json(
      #"{"error":{"message":"\#(message)","type":"OAuthException","is_transient":true,"code":\#(code),"fbtrace_id":"AFault0"}}"#,
      status: status)
  }
}

/// gzip files made of stored (uncompressed) deflate blocks: valid gzip that any decoder reads,
/// without a compressor.
enum Gzip {
  static func stored(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    var offset = 0
    repeat {
      let count = min(65535, bytes.count - offset)
      let last: UInt8 = offset + count == bytes.count ? 1 : 0
      out.append(last)
      out += littleEndian(UInt32(count), bytes: 2)
      out += littleEndian(UInt32(~UInt16(count)), bytes: 2)
      out += bytes[offset..<(offset + count)]
      offset += count
    } while offset < bytes.count
    out += littleEndian(crc32(bytes), bytes: 4)
    out += littleEndian(UInt32(truncatingIfNeeded: bytes.count), bytes: 4)
    return out
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  private static func littleEndian(_ value: UInt32, bytes: Int) -> [UInt8] {
    (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
  }
}
