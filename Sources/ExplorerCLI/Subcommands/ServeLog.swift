import GraphAPI
import GraphCassette
import GraphServer

/// The access log of `graph-explorer serve`: one line per request, secrets masked. Which
/// parameters are secret is GraphCassette's list (`Secret.isSecretParameter`), the same one
/// cassettes are redacted with.
enum ServeLog {
  /// `GET /me?access_token=*** 200 (123 bytes, 0.4 ms)`, or for a refused request
  /// `- 400 (reason)`; a request from a Facebook SDK ends with the SDK and its version from
  /// its `User-Agent` (`· iOS SDK 3.24.4`).
  static func line(_ entry: GraphServer.AccessLogEntry) -> String {
    line(entry, maskedTarget: entry.target.map(mask))
  }

  /// `line(entry)` with the target already masked (`ServeLogMaskMemo`).
  static func line(_ entry: GraphServer.AccessLogEntry, maskedTarget: String?) -> String {
    var text = "graph-explorer: "
    text.reserveCapacity(64 + (entry.target?.utf8.count ?? 0) + (entry.error?.utf8.count ?? 0))
    if let method = entry.method, let target = maskedTarget {
      text += method
      text += " "
      text += target
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
    if let sdk = SDKUserAgent(entry.userAgent) {
      text += " · "
      text += sdk.description
    }
    return text
  }

  /// `text` with every secret replaced by `***`: the value of every secret parameter
  /// (`name=value` in the query, after `;`, in a `#fragment`, the name possibly percent-encoded
  /// or with `[]`) and tokens found by shape (a token as a path segment), by cassette
  /// redaction's rule (`SecretText`); first each secret's whole raw value (`maskRawValues`).
  static func mask(_ text: String) -> String {
    SecretText.redacted(maskRawValues(text)) { _ in "***" }
  }

  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let tenths = seconds * 10_000 + attoseconds / 100_000_000_000_000
    return "\(tenths / 10).\(tenths % 10)"
  }
}
