import GraphAPI
import GraphJSON

/// What `verify` sends and how it reads batch answers: only Graph API interactions are sent,
/// each placeholder goes out as a working token of the target, and batch answers are compared
/// operation by operation with each operation's JSON `body` parsed and its headers dropped, so
/// that volatile values inside (trace ids, `fbtrace_id`) are ignored as at the top level.
public enum VerifyScope {
  /// Whether `url` is the Graph API: a `graph*.facebook.com` host, or a loopback host (a
  /// cassette recorded through `serve`).
  public static func isGraph(_ url: String) -> Bool {
    guard let host = URLParts(url)?.host.lowercased() else { return false }
    if ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) { return true }
    return host.hasSuffix(".facebook.com") && host.hasPrefix("graph")
  }

  /// The placeholders (`<ACCESS_TOKEN_1>`) that appear in `cassette`'s requests, in order.
  public static func placeholders(in cassette: Cassette) -> [String] {
    var seen: [String] = []
    for interaction in cassette.interactions {
      let request = interaction.request
      var texts = [request.url, String(decoding: request.body, as: UTF8.self)]
      texts += request.headers.map(\.value)
      for text in texts {
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "<") {
          let tail = rest[rest.index(after: start)...]
          guard let end = tail.prefix(40).firstIndex(of: ">") else {
            rest = tail
            continue
          }
          let candidate = String(rest[start...end])
          if Secret.isPlaceholder(candidate), !seen.contains(candidate) { seen.append(candidate) }
          rest = rest[rest.index(after: end)...]
        }
      }
    }
    return seen
  }

  /// How the first recorded request carrying `placeholder` was refused, when Graph refused
  /// its token (error 190): its `error_subcode` (463 expired, 460 password changed, 467 logged
  /// out, 458 app removed) and message. `nil` when that answer is no token error: a token the
  /// recording shows failing is verified with one that fails alike (issue 27).
  public static func recordedTokenFailure(
    of placeholder: String, in cassette: Cassette
  ) -> (subcode: Int?, message: String)? {
    let needle = Array(placeholder.utf8)
    guard
      let first = cassette.interactions.first(where: { interaction in
        let request = interaction.request
        return request.url.contains(placeholder)
          || request.headers.contains { $0.value.contains(placeholder) }
          || !ByteSearch.occurrences(of: needle, in: request.body).isEmpty
      }),
      let error = CassetteVerifier.json(of: first.response)?["error"],
      error["code"]?.numberValue?.intValue == 190
    else { return nil }
    return (error["error_subcode"]?.numberValue?.intValue, error["message"]?.stringValue ?? "")
  }

  /// A batch answer (an array of `{code, headers, body}`) with each `body` parsed and the
  /// per-operation headers dropped; anything else as it is.
  static func normalized(_ value: JSONValue) -> JSONValue {
    guard case .array(let items) = value, !items.isEmpty,
      items.allSatisfy({ $0.isNull || ($0["code"] != nil && $0["body"] != nil) })
    else { return value }
    return .array(
      items.map { item in
        guard case .object(var object) = item else { return item }
        object.members.removeAll { $0.key == "headers" }
        if let text = object["body"]?.stringValue, let inner = try? JSONParser.parse(text) {
          object["body"] = inner
        }
        return .object(object)
      })
  }
}
