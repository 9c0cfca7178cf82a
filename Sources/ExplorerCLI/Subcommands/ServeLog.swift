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
    if let method = entry.method, let target = entry.target {
      text += "\(method) \(mask(target)) \(entry.status) (\(entry.responseBytes) bytes, "
      text += "\(milliseconds(entry.duration)) ms)"
    } else {
      text += "- \(entry.status)"
    }
    if let error = entry.error { text += " [\(mask(error))]" }
    return text
  }

  /// `text` with the value of every secret parameter (`name=value`, the name possibly
  /// percent-encoded, the value running to the next `&`, space, quote or end) replaced by `***`.
  static func mask(_ text: String) -> String {
    var out = ""
    var rest = Substring(text)
    while let eq = rest.firstIndex(of: "=") {
      let before = rest[..<eq]
      let nameStart =
        before.lastIndex(where: { "?&; '\"".contains($0) }).map { before.index(after: $0) }
        ?? before.startIndex
      let name = PercentEncoding.decode(before[nameStart...], plusAsSpace: false)
      out += rest[...eq]
      rest = rest[rest.index(after: eq)...]
      if Secret.isSecretParameter(name) {
        let end = rest.firstIndex(where: { "&; '\"#".contains($0) }) ?? rest.endIndex
        if end > rest.startIndex { out += "***" }
        rest = rest[end...]
      }
    }
    return out + rest
  }

  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let tenths = seconds * 10_000 + attoseconds / 100_000_000_000_000
    return "\(tenths / 10).\(tenths % 10)"
  }
}
