import GraphAPI
import GraphCassette
import GraphEmulator

/// Keeps secrets out of anything shown, logged or stored: access tokens, `appsecret_proof`,
/// app secrets and `client_secret`.
enum Redaction {
  /// Parameter names whose values are secret.
  static let secretNames: Set<String> = SecretParameters.names

  /// What a redacted value is replaced by.
  static let placeholder = "<redacted>"

  /// `text` with every secret replaced by `<redacted>`: the value of every `name=value` or
  /// `"name": "value"` whose name is secret, wherever it appears (a query split by `&` or `;`,
  /// a fragment, a form body, a pasted URL, a command line), and tokens found by shape, in any
  /// encoding: cassette redaction's rule (`SecretText`).
  static func redactParameters(_ text: String) -> String {
    SecretText.redacted(text) { _ in placeholder }
  }

  /// A URL with its secret query values replaced.
  static func redactURL(_ url: String) -> String { redactParameters(url) }

  /// `EAAB…x9Zq`: enough of a token to tell two apart, never enough to use.
  static func mask(_ token: String) -> String {
    guard token.count > 12 else { return String(repeating: "*", count: token.count) }
    return token.prefix(4) + "…" + token.suffix(4)
  }
}

extension World {
  /// The emulator's published test tokens (`CAAEmuAlice`, ...): public, never redacted.
  static var publicTestTokens: Set<String> { Set(publishedTestTokens.map(\.token)) }
}
