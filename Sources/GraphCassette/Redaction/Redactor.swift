import GraphAPI
import GraphGzip
import GraphJSON

/// Replaces secrets by stable placeholders (`<ACCESS_TOKEN_1>`, `<APP_SECRET_1>`) in what is
/// written to disk. The same secret always gets the same placeholder, so different tokens stay
/// distinguishable on replay; the live session never sees placeholders.
///
/// A value that is a secret anywhere (found by `SecretFinder`, by name or by shape) is replaced
/// everywhere: in the URL, every header and both bodies, in whatever encoding it appears (raw,
/// percent-encoded once or twice, JSON-escaped, or a mix). The cost is linear in the size of
/// what is redacted: one scan to find secrets, one `SecretMatcher` pass to replace them.
public struct Redactor: Sendable {
  private var placeholders: [String: String] = [:]
  /// The last number given, by placeholder name (`ACCESS_TOKEN`, `APP_ACCESS_TOKEN`, `CODE`).
  private var counters: [String: Int] = [:]
  private var kinds: [Int: Secret.Kind] = [:]
  private var matcher = SecretMatcher()
  /// Values that look like secrets but are not (the emulator's fixture tokens).
  private let publicValues: Set<String>
  /// Values the recording shows to be an app's id (`appIDs(shownBy:)`): never secrets.
  private var appIDs: Set<String> = []
  /// Header fields already found to hold no secret.
  private var cleanHeaders = SecretFinder.CleanHeaders()

  /// Secrets shorter than this are replaced only where they are a parameter's whole value.
  static let minimumSubstringLength = SecretMatcher.shortest

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
    // Field by field, with no list of the fields: a cassette with many header values would
    // otherwise hold a copy of each at once.
    for interaction in cassette.interactions {
      reserve(in: Array(interaction.request.url.utf8))
      for field in interaction.request.headers { reserve(in: Array(field.value.utf8)) }
      reserve(in: interaction.request.body)
      for field in interaction.response.headers { reserve(in: Array(field.value.utf8)) }
      reserve(in: interaction.response.body)
      if let inflated = Self.inflated(interaction.response.body) { reserve(in: inflated) }
    }
  }

  private mutating func reserve(in bytes: [UInt8]) {
    var i = 0
    while let lt = bytes[i...].firstIndex(of: 0x3C) {
      i = lt + 1
      guard let gt = bytes[i...].prefix(40).firstIndex(of: 0x3E) else { continue }
      let inner = String(decoding: bytes[i..<gt], as: UTF8.self)
      guard let underscore = inner.lastIndex(of: "_"),
        case let name = String(inner[..<underscore]),
        Secret.Kind(rawValue: name) != nil || TokenFamily(rawValue: name) != nil,
        let n = Int(inner[inner.index(after: underscore)...])
      else { continue }
      counters[name] = max(counters[name] ?? 0, n)
      i = gt + 1
    }
  }

  /// The placeholder standing for `value`, if it has been seen.
  public func placeholder(for value: String) -> String? { placeholders[value] }

  /// `interaction` with every secret it carries, or that was registered before, replaced.
  public mutating func redact(_ interaction: Interaction) -> Interaction {
    learn(interaction)
    return replaced(interaction)
  }

  /// `cassette` with every secret replaced in every interaction: all are found first, so a
  /// token seen in the last answer is also replaced in the first request.
  public mutating func redact(_ cassette: Cassette) -> Cassette {
    var out = cassette
    redact(&out)
    return out
  }

  /// As `redact(_:)`, in place: each interaction is replaced in turn, so the cassette is not
  /// held twice.
  public mutating func redact(_ cassette: inout Cassette) {
    learnAppIDs(cassette)
    for interaction in cassette.interactions { learn(interaction) }
    for index in cassette.interactions.indices {
      cassette.interactions[index] = replaced(cassette.interactions[index])
    }
  }

  /// Learns the app ids the whole of `cassette` shows before any secret is registered: an
  /// app id sent as a wrong `client_secret` before the exchange that shows it stays readable.
  private mutating func learnAppIDs(_ cassette: Cassette) {
    for interaction in cassette.interactions {
      appIDs.formUnion(Self.appIDs(shownBy: interaction))
    }
  }

  /// Registers the secrets `interaction` carries.
  mutating func learn(_ interaction: Interaction) {
    appIDs.formUnion(Self.appIDs(shownBy: interaction))
    for secret in SecretFinder.secrets(in: interaction.request, memo: &cleanHeaders) {
      register(secret)
    }
    var found = SecretFinder.secrets(in: interaction.response, memo: &cleanHeaders)
    if let inflated = Self.inflated(interaction.response.body) {
      var plain = interaction.response
      plain.body = inflated
      found += SecretFinder.secrets(in: plain, memo: &cleanHeaders)
    }
    // The family is read from the request's path only when the answer holds a secret.
    guard !found.isEmpty else { return }
    let issued = TokenFamily.issued(answering: interaction.request)
    for secret in found { register(secret, as: issued) }
  }

  /// The most a gzip response body is inflated to for its secrets to be found.
  static let inflateLimit = 64 << 20

  /// A gzip response body inflated (a Ruby VCR `!binary` answer recorded with
  /// `Accept-Encoding: gzip`), so that the tokens in it are found and replaced; nil when the
  /// body is not gzip or does not inflate within `inflateLimit`.
  static func inflated(_ body: [UInt8]) -> [UInt8]? {
    guard Gzip.looksCompressed(body) else { return nil }
    return try? Gzip.decompress(body, limit: inflateLimit)
  }

  /// `interaction` with every registered secret replaced.
  func replaced(_ interaction: Interaction) -> Interaction {
    var out = interaction
    // Only a value already given a placeholder is replaced by name: none, nothing to replace.
    if !placeholders.isEmpty {
      out.request.url = redactURL(out.request.url)
    }
    if !placeholders.isEmpty, isForm(out.request) {
      out.request.body = Array(redactPairs(String(decoding: out.request.body, as: UTF8.self)).utf8)
    }
    out.request.url = matcher.replace(out.request.url)
    out.request.headers = replace(out.request.headers)
    out.request.body = matcher.replace(out.request.body)
    out.response.headers = replace(out.response.headers)
    let unredacted = out.response.body
    if let inflated = Self.inflated(out.response.body) {
      // Compressed again only when a secret was replaced: an answer without one keeps the
      // bytes the server sent.
      let replaced = matcher.replace(inflated)
      if replaced != inflated { out.response.body = Gzip.compress(replaced) }
    } else {
      out.response.body = matcher.replace(out.response.body)
    }
    // The bytes as received (compressed) hold what was replaced: the decoded, redacted body is
    // stored instead.
    if out.response.body != unredacted {
      out.response.received = nil
      // The length follows the body that is kept (issue 27: a 1058-byte body kept its old
      // `Content-Length: 1012` in the cassette and in every export).
      if out.response.headers["Content-Length"] != nil {
        out.response.headers["Content-Length"] = String(out.response.body.count)
      }
    }
    if out.request.body != interaction.request.body, out.request.headers["Content-Length"] != nil {
      out.request.headers["Content-Length"] = String(out.request.body.count)
    }
    return out
  }

  /// Every place in `cassette` where a secret is, as `audit` lists them. Registers what it
  /// finds, so a `redact` afterwards replaces exactly these.
  public mutating func findings(in cassette: Cassette) -> [SecretFinding] {
    learnAppIDs(cassette)
    for interaction in cassette.interactions { learn(interaction) }
    var result: [SecretFinding] = []
    for (index, interaction) in cassette.interactions.enumerated() {
      for field in Self.fields(of: interaction) {
        var seen = Set<String>()
        let decoded = DecodedText.bytes(of: field.bytes)
        for m in matcher.matches(in: decoded) {
          let value = String(decoding: matcher.value(of: m.entry), as: UTF8.self)
          guard seen.insert(value).inserted else { continue }
          result.append(
            SecretFinding(
              interaction: index + 1, place: field.place, kind: kinds[m.entry] ?? .accessToken,
              preview: SecretFinding.mask(value)))
        }
        // Short values are secrets only where a name says so.
        var named: [Secret] = []
        SecretScanner.scan(decoded, into: &named)
        for secret in named
        where secret.value.utf8.count < SecretMatcher.shortest && isSecret(secret.value)
          && seen.insert(secret.value).inserted
        {
          result.append(
            SecretFinding(
              interaction: index + 1, place: field.place, kind: secret.kind,
              preview: SecretFinding.mask(secret.value)))
        }
      }
    }
    return result
  }

  private func isSecret(_ value: String) -> Bool {
    !value.isEmpty && !Secret.isStandIn(value) && !publicValues.contains(value)
      && !appIDs.contains(value)
  }

  /// Gives `secret` its placeholder; an access token's names its family (`issued`, what the
  /// answer it came in says, else its shape), so the kind survives redaction.
  private mutating func register(_ secret: Secret, as issued: TokenFamily? = nil) {
    let value = secret.value
    guard isSecret(value), placeholders[value] == nil else { return }
    var name = secret.kind.rawValue
    if secret.kind == .accessToken {
      let shape = TokenFamily.of(value)
      name = (shape == .unknown ? issued ?? shape : shape).rawValue
    }
    let n = (counters[name] ?? 0) + 1
    counters[name] = n
    let placeholder = "<\(name)_\(n)>"
    placeholders[value] = placeholder
    if value.utf8.count >= Self.minimumSubstringLength {
      kinds[kinds.count] = secret.kind
      matcher.insert(Array(value.utf8), replacement: Array(placeholder.utf8))
    }
    // An app access token `APPID|SECRET` carries the app secret.
    if secret.kind == .accessToken, let bar = value.lastIndex(of: "|") {
      register(.appSecret(String(value[value.index(after: bar)...])))
    }
  }

  /// The text fields of an interaction, named as `audit` names them.
  static func fields(of interaction: Interaction) -> [(place: String, bytes: [UInt8])] {
    var fields: [(String, [UInt8])] = [("request.url", Array(interaction.request.url.utf8))]
    for field in interaction.request.headers {
      fields.append(("request.headers.\(field.name)", Array(field.value.utf8)))
    }
    fields.append(("request.body", interaction.request.body))
    for field in interaction.response.headers {
      fields.append(("response.headers.\(field.name)", Array(field.value.utf8)))
    }
    fields.append(("response.body", interaction.response.body))
    if let inflated = inflated(interaction.response.body) {
      fields.append(("response.body (gzip)", inflated))
    }
    return fields
  }

  private func isForm(_ request: HTTPRequest) -> Bool {
    let type = request.headers["Content-Type"]?.lowercased() ?? ""
    return type.hasPrefix("application/x-www-form-urlencoded")
  }

  private func redactURL(_ url: String) -> String {
    guard let q = url.firstIndex(of: "?") else { return url }
    return String(url[...q]) + redactPairs(String(url[url.index(after: q)...]))
  }

  /// `a=1&access_token=XYZ` → `a=1&access_token=<ACCESS_TOKEN_1>`, other pairs untouched:
  /// how a secret shorter than a matcher pattern is replaced.
  private func redactPairs(_ text: String) -> String {
    text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
      guard let eq = pair.firstIndex(of: "=") else { return String(pair) }
      let name = PercentEncoding.decode(pair[..<eq])
      let value = PercentEncoding.decode(pair[pair.index(after: eq)...])
      guard SecretScanner.kind(ofName: name) != nil, let placeholder = placeholders[value] else {
        return String(pair)
      }
      return String(pair[...eq]) + placeholder
    }.joined(separator: "&")
  }

  /// `headers` with every match replaced: the same fields (not a copy of them) when none
  /// holds a secret, so a list of 476,625 values is not held twice (and packed values stay
  /// packed when some are replaced).
  private func replace(_ headers: HTTPHeaders) -> HTTPHeaders {
    guard !matcher.isEmpty else { return headers }
    return headers.replacingValues { matcher.replacing($0) }
  }
}

/// One secret `audit` found: where, what kind, and enough of it to recognise, never to use.
public struct SecretFinding: Sendable, Hashable, CustomStringConvertible {
  /// The interaction, from 1.
  public var interaction: Int
  /// The field: `request.url`, `request.headers.Cookie`, `response.body`, …
  public var place: String
  public var kind: Secret.Kind
  /// `EAAB…x9` with the length, or stars for a short value.
  public var preview: String

  /// `interaction 3, response.body: ACCESS_TOKEN EAAB…Zq (120 bytes)`.
  public var description: String {
    "interaction \(interaction), \(place): \(kind.rawValue) \(preview)"
  }

  static func mask(_ value: String) -> String {
    let count = value.utf8.count
    guard count > 12 else { return String(repeating: "*", count: count) }
    return "\(value.prefix(4))…\(value.suffix(2)) (\(count) bytes)"
  }
}
