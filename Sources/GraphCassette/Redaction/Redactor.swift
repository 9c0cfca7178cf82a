import Foundation
import GraphAPI
import GraphJSON

/// Replaces secrets by stable placeholders (`<ACCESS_TOKEN_1>`, `<APP_SECRET_1>`) in what is
/// written to disk. The same secret always gets the same placeholder, so different tokens stay
/// distinguishable on replay; the live session never sees placeholders.
///
/// Each secret is replaced raw, percent-encoded (once and twice, as in a batch inside a form
/// body) and with JSON's escaped slashes, in the URL, every header, and both bodies.
public struct Redactor: Sendable {
  private var placeholders: [String: String] = [:]
  private var counters: [Secret.Kind: Int] = [:]
  /// Every byte form of every secret and its placeholder, longest first.
  private var replacements: [(pattern: [UInt8], placeholder: [UInt8])] = []
  /// Values that look like secrets but are not (the emulator's fixture tokens).
  private let publicValues: Set<String>

  /// Secrets shorter than this are replaced only where they are a parameter's whole value.
  static let minimumSubstringLength = 6

  /// A redactor that already knows `knownSecrets` (an app secret the session signs with, which
  /// never itself appears in a request) and leaves `publicValues` alone: values in secret
  /// places that are not secret, such as the emulator's published test tokens, so that a
  /// cassette recorded from the emulator can be verified against it as it is.
  public init(knownSecrets: [Secret] = [], publicValues: Set<String> = []) {
    self.publicValues = publicValues
    for secret in knownSecrets { register(secret) }
  }

  /// Continues numbering after the placeholders already in `cassette`, so that new secrets
  /// appended to it never reuse a number.
  public mutating func reservePlaceholders(in cassette: Cassette) {
    let text = String(decoding: cassette.encoded(), as: UTF8.self)
    for kind in Secret.Kind.allCases {
      let prefix = "<\(kind.rawValue)_"
      var rest = Substring(text)
      while let range = rest.range(of: prefix) {
        let digits = rest[range.upperBound...].prefix { $0.isNumber }
        if let n = Int(digits), rest[range.upperBound...].dropFirst(digits.count).first == ">" {
          counters[kind] = max(counters[kind] ?? 0, n)
        }
        rest = rest[range.upperBound...]
      }
    }
  }

  /// The placeholder standing for `value`, if it has been seen.
  public func placeholder(for value: String) -> String? { placeholders[value] }

  /// `interaction` with every secret it carries, or that was registered before, replaced.
  public mutating func redact(_ interaction: Interaction) -> Interaction {
    for secret in SecretFinder.secrets(in: interaction.request) { register(secret) }
    for secret in SecretFinder.secrets(in: interaction.response) { register(secret) }
    var out = interaction
    out.request.url = redactURL(out.request.url)
    if isForm(out.request) {
      out.request.body = Array(redactPairs(String(decoding: out.request.body, as: UTF8.self)).utf8)
    }
    out.request.url = replace(out.request.url)
    out.request.headers = replace(out.request.headers)
    out.request.body = replace(out.request.body)
    out.response.headers = replace(out.response.headers)
    out.response.body = replace(out.response.body)
    return out
  }

  private mutating func register(_ secret: Secret) {
    let value = secret.value
    guard !value.isEmpty, !Secret.isPlaceholder(value), placeholders[value] == nil,
      !publicValues.contains(value)
    else { return }
    let n = (counters[secret.kind] ?? 0) + 1
    counters[secret.kind] = n
    let placeholder = "<\(secret.kind.rawValue)_\(n)>"
    placeholders[value] = placeholder
    if value.count >= Self.minimumSubstringLength {
      for pattern in Self.variants(of: value) {
        replacements.append((Array(pattern.utf8), Array(placeholder.utf8)))
      }
      replacements.sort { $0.pattern.count > $1.pattern.count }
    }
    // An app access token `APPID|SECRET` carries the app secret.
    if secret.kind == .accessToken, let bar = value.lastIndex(of: "|") {
      register(.appSecret(String(value[value.index(after: bar)...])))
    }
  }

  /// The forms a secret takes on the wire: raw, percent-encoded once or twice (either hex
  /// case), with `+` for spaces, and each with JSON's `\/`.
  static func variants(of value: String) -> [String] {
    let once = PercentEncoding.encode(value)
    let query = PercentEncoding.encode(value, allowed: PercentEncoding.queryValueAllowed)
    var set: [String] = [value, once, query, PercentEncoding.encode(once), lowerHex(once)]
    set += set.map { $0.replacingAll("/", with: "\\/") }
    var seen = Set<String>()
    return set.filter { seen.insert($0).inserted }
  }

  private static func lowerHex(_ encoded: String) -> String {
    var out = ""
    var chars = Array(encoded)[...]
    while let c = chars.first {
      if c == "%", chars.count >= 3 {
        out += "%" + String(chars.dropFirst().prefix(2)).lowercased()
        chars = chars.dropFirst(3)
      } else {
        out.append(c)
        chars = chars.dropFirst()
      }
    }
    return out
  }

  private func isForm(_ request: HTTPRequest) -> Bool {
    let type = request.headers["Content-Type"]?.lowercased() ?? ""
    return type.hasPrefix("application/x-www-form-urlencoded")
  }

  private func redactURL(_ url: String) -> String {
    guard let q = url.firstIndex(of: "?") else { return url }
    return String(url[...q]) + redactPairs(String(url[url.index(after: q)...]))
  }

  /// `a=1&access_token=XYZ` → `a=1&access_token=<ACCESS_TOKEN_1>`, other pairs untouched.
  private func redactPairs(_ text: String) -> String {
    text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
      guard let eq = pair.firstIndex(of: "=") else { return String(pair) }
      let name = PercentEncoding.decode(pair[..<eq])
      let value = PercentEncoding.decode(pair[pair.index(after: eq)...])
      guard Secret.isSecretParameter(name), let placeholder = placeholders[value] else {
        return String(pair)
      }
      return String(pair[...eq]) + placeholder
    }.joined(separator: "&")
  }

  private func replace(_ text: String) -> String {
    String(decoding: replace(Array(text.utf8)), as: UTF8.self)
  }

  private func replace(_ headers: HTTPHeaders) -> HTTPHeaders {
    HTTPHeaders(headers.map { HTTPHeaders.Field(name: $0.name, value: replace($0.value)) })
  }

  private func replace(_ bytes: [UInt8]) -> [UInt8] {
    var current = bytes
    for (pattern, placeholder) in replacements {
      let hits = ByteSearch.occurrences(of: pattern, in: current)
      guard !hits.isEmpty else { continue }
      var out: [UInt8] = []
      out.reserveCapacity(current.count)
      var last = 0
      for hit in hits {
        out += current[last..<hit]
        out += placeholder
        last = hit + pattern.count
      }
      out += current[last...]
      current = out
    }
    return current
  }
}
