import GraphAPI

/// Keeps secrets out of anything shown, logged or stored: access tokens, `appsecret_proof`,
/// app secrets and `client_secret`.
enum Redaction {
  /// Parameter names whose values are secret.
  static let secretNames: Set<String> = SecretParameters.names

  /// What a redacted value is replaced by.
  static let placeholder = "<redacted>"

  /// `text` with the value of every `name=value` whose name is secret replaced, wherever it
  /// appears (a query, a form body, a pasted URL, a command line).
  static func redactParameters(_ text: String) -> String {
    var out = ""
    var rest = Substring(text)
    while let range = firstSecret(in: rest) {
      out += rest[..<range.lowerBound] + placeholder
      rest = rest[range.upperBound...]
    }
    return out + rest
  }

  /// A URL with its secret query values replaced.
  static func redactURL(_ url: String) -> String { redactParameters(url) }

  /// `EAAB…x9Zq`: enough of a token to tell two apart, never enough to use.
  static func mask(_ token: String) -> String {
    guard token.count > 12 else { return String(repeating: "*", count: token.count) }
    return token.prefix(4) + "…" + token.suffix(4)
  }

  /// The range of the first secret value (after `name=`) in `text`.
  private static func firstSecret(in text: Substring) -> Range<Substring.Index>? {
    var search = text.startIndex
    while let eq = text[search...].firstIndex(of: "=") {
      var nameStart = eq
      while nameStart > text.startIndex {
        let before = text.index(before: nameStart)
        guard text[before].isLetter || text[before] == "_" else { break }
        nameStart = before
      }
      let valueStart = text.index(after: eq)
      if secretNames.contains(String(text[nameStart..<eq])) {
        let end =
          text[valueStart...].firstIndex { "& \"';".contains($0) } ?? text.endIndex
        if end > valueStart { return valueStart..<end }
      }
      search = valueStart
    }
    return nil
  }
}
