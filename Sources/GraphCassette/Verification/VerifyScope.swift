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

  /// Whether `url` is a dialog step a browser takes on `www`/`m`/`web.facebook.com` (or a
  /// loopback host): `dialog/oauth`, `dialog/feed`, `dialog/apprequests`, versioned or not.
  /// A login dialog mints a token or a code, so it is replayed, not skipped (issue 42).
  public static func isDialog(_ url: String) -> Bool {
    guard let parts = URLParts(url) else { return false }
    let host = parts.host.lowercased()
    guard ["www.facebook.com", "m.facebook.com", "web.facebook.com"].contains(host) || isGraph(url)
    else { return false }
    var components = parts.pathComponents[...]
    if let first = components.first, first.hasPrefix("v"),
      first.dropFirst().split(separator: ".").allSatisfy({ Int($0) != nil })
    {
      components = components.dropFirst()
    }
    return components.count == 2 && components.first == "dialog"
      && ["oauth", "feed", "apprequests"].contains(components.last!)
  }

  /// The placeholders (`<ACCESS_TOKEN_1>`) that appear in `cassette`'s requests, in order.
  public static func placeholders(in cassette: Cassette) -> [String] {
    var seen: [String] = []
    for interaction in cassette.interactions {
      for candidate in placeholders(inRequest: interaction.request) where !seen.contains(candidate)
      {
        seen.append(candidate)
      }
    }
    return seen
  }

  /// The placeholders an answer of `cassette` holds before any request sends them, with the
  /// index of that answer: what the session minted (a token `client_credentials`,
  /// `accounts/test-users` or a login dialog's redirect answered), which verify follows from
  /// the target's answer at the same step instead of sending a stand-in.
  public static func mintedPlaceholders(in cassette: Cassette) -> [String: Int] {
    var sent: Set<String> = []
    var minted: [String: Int] = [:]
    for (index, interaction) in cassette.interactions.enumerated() {
      sent.formUnion(placeholders(inRequest: interaction.request))
      let response = interaction.response
      var texts = response.headers.map(\.value)
      texts.append(
        CassetteVerifier.json(of: response)?.compactText
          ?? String(decoding: response.body.prefix(1 << 20), as: UTF8.self))
      for text in texts {
        for candidate in placeholders(inText: text)
        where !sent.contains(candidate) && minted[candidate] == nil {
          minted[candidate] = index
        }
      }
    }
    return minted
  }

  static func placeholders(inRequest request: HTTPRequest) -> [String] {
    var texts = [request.url, String(decoding: request.body, as: UTF8.self)]
    texts += request.headers.map(\.value)
    return texts.flatMap(placeholders(inText:))
  }

  /// Each `<NAME>` placeholder in `text`, and each mask (`********************`) where a
  /// secret goes, in order.
  static func placeholders(inText text: String) -> [String] {
    var found: [String] = []
    var rest = Substring(text)
    while let start = rest.firstIndex(where: { $0 == "<" || $0 == "*" }) {
      if rest[start] == "*" {
        let run = rest[start...].prefix { $0 == "*" }
        let candidate = String(run)
        if isMask(candidate), isMaskEnd(rest[run.endIndex...].first),
          isSecretPosition(rest[..<start])
        {
          found.append(candidate)
        }
        rest = rest[run.endIndex...]
        continue
      }
      let tail = rest[rest.index(after: start)...]
      guard let end = tail.prefix(40).firstIndex(of: ">") else {
        rest = tail
        continue
      }
      let candidate = String(rest[start...end])
      if Secret.isPlaceholder(candidate) || isWrappedValue(candidate, after: rest[..<start]) {
        found.append(candidate)
      }
      rest = rest[rest.index(after: end)...]
    }
    return found
  }

  /// Whether `candidate` (`<your access token>`) is a value another tool wrote in angle
  /// brackets where a secret goes: a secret parameter's value (`access_token=<...>`), or after
  /// `Bearer `/`OAuth ` (issue 42).
  static func isWrappedValue(_ candidate: String, after head: Substring) -> Bool {
    let inner = candidate.dropFirst().dropLast()
    guard !inner.isEmpty,
      inner.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-. ".contains($0)) }),
      inner.first != " ", inner.last != " "
    else { return false }
    return isSecretPosition(head)
  }

  /// Whether what follows `head` stands where a secret goes: a secret parameter's value
  /// (`access_token=`), or after `Bearer `/`OAuth `.
  static func isSecretPosition(_ head: Substring) -> Bool {
    if head.hasSuffix("Bearer ") || head.hasSuffix("OAuth ") { return true }
    guard head.hasSuffix("=") else { return false }
    let name = head.dropLast().reversed().prefix { !"&?;\n\"".contains($0) }
    return Secret.isSecretParameter(String(name.reversed()).trimmingSpaces)
  }

  /// Whether `text` is a mask another tool wrote over a secret: koala's VCR filter writes
  /// `********************`. **[choice]**: a run of at least `shortestMask` `*`s, standing
  /// where a secret goes (`placeholders(inText:)`), is a placeholder like `<NAME>`.
  public static func isMask(_ text: some StringProtocol) -> Bool {
    text.utf8.count >= shortestMask && text.utf8.allSatisfy { $0 == 0x2A }
  }

  /// Masks shorter than this are not placeholders: `*` alone is a wildcard. **[choice]**
  static let shortestMask = 3

  /// Whether a mask ends here: at the end, or before `&`, a quote, a space or a line end.
  static func isMaskEnd(_ next: Character?) -> Bool {
    guard let next else { return true }
    return "&;\"' \n\r\t,".contains(next)
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
