import GraphAPI
import GraphCassette
import GraphEmulator

/// Takes secrets out of text bound for a file or another program (`save`, `> file`,
/// `| command`): the session's token, its appsecret_proof and app secret wherever they occur,
/// and anything else cassette redaction would take out (tokens by name or shape, codes,
/// signed requests), in any encoding. Graph repeats the caller's access token in the paging
/// URLs of its answers, and secrets never reach disk. The emulator's published test tokens are
/// not secrets and stay.
struct SecretScrubber {
  private let engine: SecretText
  /// Whether the session has secrets of its own to take out.
  let isEmpty: Bool

  /// - Parameter placeholder: what stands for a secret (`<ACCESS_TOKEN>`, `<APP_SECRET>` unless
  ///   given; the verbose log uses the iOS SDK's `ACCESS_TOKEN_REMOVED` for every kind).
  /// - Parameter others: more tokens to take out (the secrets `let` variables hold).
  init(
    token: String?, appSecret: String?, publicTokens: Set<String>, placeholder: String? = nil,
    others: [String] = []
  ) {
    var secrets: [Secret] = others.filter { !$0.isEmpty && !publicTokens.contains($0) }.map {
      .accessToken($0)
    }
    if let token, !token.isEmpty, !publicTokens.contains(token) {
      secrets.append(.accessToken(token))
      if let appSecret, !appSecret.isEmpty {
        let proof = AppSecretProof.make(accessToken: token, appSecret: appSecret)
        secrets.append(Secret(.appsecretProof, proof))
      }
    }
    if let appSecret, !appSecret.isEmpty { secrets.append(.appSecret(appSecret)) }
    isEmpty = secrets.isEmpty
    engine = SecretText(secrets: secrets, publicValues: publicTokens) {
      placeholder ?? "<\($0.rawValue)>"
    }
  }

  /// `text` with every secret replaced.
  func scrub(_ text: String) -> String {
    var engine = engine
    return engine.redact(text)
  }
}

extension Session {
  /// The scrubber for this session's current secrets.
  var secretScrubber: SecretScrubber { secretScrubber(placeholder: nil) }

  /// The scrubber for this session's current secrets, with `placeholder` for every secret.
  func secretScrubber(placeholder: String?) -> SecretScrubber {
    SecretScrubber(
      token: token, appSecret: appSecret, publicTokens: publicTokens, placeholder: placeholder,
      others: variables.secrets)
  }

  /// The tokens that are no secrets: the published test tokens are public whatever the target
  /// (a replayed answer holds `CAAEmuAlice` as the emulator wrote it; issue 29: `save` under
  /// `--replay`).
  var publicTokens: Set<String> {
    Set(emulator?.testTokens.map(\.token) ?? []).union(World.publicTestTokens)
  }
}
