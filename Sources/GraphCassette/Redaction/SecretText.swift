/// The redaction rule of cassettes applied to one text at a time, for the sinks that are not
/// cassettes: the REPL's history file, files written with `save` and `> file`, what `| cmd`
/// gets, and the `serve` log. It finds secrets with `SecretScanner` (by name and by shape, in
/// any encoding), remembers them, and replaces every secret it knows wherever it occurs, so a
/// token typed once as `oauth_token=T` is also taken out of a later `message=T`.
package struct SecretText: Sendable {
  private let placeholder: @Sendable (Secret.Kind) -> String
  private let publicValues: Set<String>
  private var known: Set<String> = []
  private var matcher = SecretMatcher()

  /// - Parameters:
  ///   - secrets: values to take out wherever they occur (the session's token, app secret).
  ///   - publicValues: values never taken out (the emulator's published test tokens).
  ///   - placeholder: what stands for a secret of each kind (`***`, `<redacted>`).
  package init(
    secrets: [Secret] = [], publicValues: Set<String> = [],
    placeholder: @escaping @Sendable (Secret.Kind) -> String
  ) {
    self.placeholder = placeholder
    self.publicValues = publicValues
    for secret in secrets { learn(secret) }
  }

  /// Remembers `secret`.
  package mutating func learn(_ secret: Secret) {
    let value = secret.value
    guard !value.isEmpty, !Secret.isStandIn(value), !publicValues.contains(value),
      known.insert(value).inserted
    else { return }
    matcher.insert(Array(value.utf8), replacement: Array(placeholder(secret.kind).utf8))
  }

  /// `text` with every secret in it, or remembered before, replaced; what it finds is
  /// remembered for the texts that follow.
  package mutating func redact(_ text: String) -> String {
    let bytes = Array(text.utf8)
    let decoded = DecodedText(bytes)
    var short: [(Range<Int>, Secret.Kind)] = []
    SecretScanner.scan(decoded.bytes) { secret, range in
      if secret.value.utf8.count < SecretMatcher.shortest {
        if !publicValues.contains(secret.value) { short.append((range, secret.kind)) }
      } else {
        learn(secret)
      }
      // The app secret inside an app token is a secret on its own.
      if secret.kind == .accessToken, let bar = secret.value.utf8.lastIndex(of: 0x7C) {
        let utf8 = secret.value.utf8
        learn(.appSecret(String(decoding: utf8[utf8.index(after: bar)...], as: UTF8.self)))
      }
    }
    var replacements: [(Range<Int>, [UInt8])] = matcher.matches(in: decoded.bytes).map {
      (decoded.sourceRange($0.range), matcher.replacement(of: $0.entry))
    }
    for (range, kind) in short {
      let source = decoded.sourceRange(range)
      if !replacements.contains(where: { $0.0.overlaps(source) }) {
        replacements.append((source, Array(placeholder(kind).utf8)))
      }
    }
    guard !replacements.isEmpty else { return text }
    replacements.sort { $0.0.lowerBound < $1.0.lowerBound }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var last = 0
    for (range, replacement) in replacements where range.lowerBound >= last {
      out += bytes[last..<range.lowerBound]
      out += replacement
      last = range.upperBound
    }
    out += bytes[last...]
    return String(decoding: out, as: UTF8.self)
  }

  /// `text` redacted by a fresh `SecretText` that knows nothing beforehand.
  package static func redacted(
    _ text: String, publicValues: Set<String> = [],
    placeholder: @escaping @Sendable (Secret.Kind) -> String
  ) -> String {
    var engine = SecretText(publicValues: publicValues, placeholder: placeholder)
    return engine.redact(text)
  }
}
