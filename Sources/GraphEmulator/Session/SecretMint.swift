import GraphAPI

/// How the emulator makes what must not be guessed: OAuth codes, minted user tokens and the
/// key of the dialogs' form tokens.
///
/// `.random` (the default) draws them from the system's random source, so a code or token
/// seen by one client says nothing about the next. `.deterministic` keeps the counted forms
/// (`AQEmuCode1x0002`, `CAAEmuBobZS1`) and a key derived from the app's secret, for tests and
/// recordings that compare sessions byte for byte (`--deterministic-secrets`).
public enum SecretMint: Sendable, Hashable {
  case random
  case deterministic

  /// The suffix that follows a code's or a token's counted prefix: empty when deterministic,
  /// 32 random hex digits (128 bits) otherwise.
  func suffix() -> String {
    switch self {
    case .deterministic: return ""
    case .random:
      var generator = SystemRandomNumberGenerator()
      let words = (0..<2).map { _ in generator.next() as UInt64 }
      return words.map { word in
        let hex = String(word, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
      }.joined()
    }
  }

  /// The key of the dialogs' form tokens (`DialogGuard`).
  func formKey(appSecret: String) -> [UInt8] {
    switch self {
    case .deterministic:
      return HMACSHA256.authenticate(Array("dialog form".utf8), key: Array(appSecret.utf8))
    case .random:
      return Array(suffix().utf8) + Array(suffix().utf8)
    }
  }
}
