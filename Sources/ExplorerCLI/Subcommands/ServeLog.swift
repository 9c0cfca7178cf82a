import GraphAPI
import GraphCassette
import GraphServer

/// The access log of `graph-explorer serve`: one line per request, secrets masked. Which
/// parameters are secret is GraphCassette's list (`Secret.isSecretParameter`), the same one
/// cassettes are redacted with.
enum ServeLog {
  /// `GET /me?access_token=*** 200 (123 bytes, 0.4 ms)`, or for a refused request
  /// `- 400 (reason)`.
  static func line(_ entry: GraphServer.AccessLogEntry) -> String {
    var text = "graph-explorer: "
    text.reserveCapacity(64 + (entry.target?.utf8.count ?? 0) + (entry.error?.utf8.count ?? 0))
    if let method = entry.method, let target = entry.target {
      text += method
      text += " "
      text += mask(target)
      text += " "
      text += String(entry.status)
      text += " ("
      text += String(entry.responseBytes)
      text += " bytes, "
      text += milliseconds(entry.duration)
      text += " ms)"
    } else {
      text += "- "
      text += String(entry.status)
    }
    if let error = entry.error { text += " [\(mask(error))]" }
    return text
  }

  /// `text` with the value of every secret parameter (`name=value`, the name possibly
  /// percent-encoded, the value running to the next `&`, space, quote or end) replaced by `***`.
  static func mask(_ text: String) -> String {
    var copy = text
    return copy.withUTF8 { maskedBytes($0) } ?? text
  }

  /// `mask` on the UTF-8 bytes of the text: `nil` when nothing is secret (the common case,
  /// which allocates nothing).
  private static func maskedBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    func isNameEnd(_ b: UInt8) -> Bool {
      b == UInt8(ascii: "?") || b == UInt8(ascii: "&") || b == UInt8(ascii: ";")
        || b == UInt8(ascii: " ") || b == UInt8(ascii: "'") || b == UInt8(ascii: "\"")
    }
    func isValueEnd(_ b: UInt8) -> Bool {
      b == UInt8(ascii: "&") || b == UInt8(ascii: ";") || b == UInt8(ascii: " ")
        || b == UInt8(ascii: "'") || b == UInt8(ascii: "\"") || b == UInt8(ascii: "#")
    }
    var out: [UInt8] = []
    var copied = 0
    var nameStart = 0
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if isNameEnd(byte) {
        nameStart = i + 1
      } else if byte == UInt8(ascii: "=") {
        let raw = UnsafeBufferPointer(rebasing: bytes[nameStart..<i])
        let name =
          raw.contains(UInt8(ascii: "%"))
          ? PercentEncoding.decode(
            Substring(String(decoding: raw, as: UTF8.self)), plusAsSpace: false)
          : String(decoding: raw, as: UTF8.self)
        nameStart = i + 1
        if Secret.isSecretParameter(name) {
          var end = i + 1
          while end < bytes.count, !isValueEnd(bytes[end]) { end += 1 }
          if end > i + 1 {
            out.append(contentsOf: bytes[copied...i])
            out.append(contentsOf: "***".utf8)
            copied = end
          }
          nameStart = end
          i = end
          continue
        }
      }
      i += 1
    }
    guard copied > 0 else { return nil }
    out.append(contentsOf: bytes[copied...])
    return String(decoding: out, as: UTF8.self)
  }

  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let tenths = seconds * 10_000 + attoseconds / 100_000_000_000_000
    return "\(tenths / 10).\(tenths % 10)"
  }
}
