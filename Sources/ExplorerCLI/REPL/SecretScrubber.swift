import GraphAPI

/// Takes the session's secrets out of text bound for a file (`save`, `> file`): Graph repeats
/// the caller's access token (and `appsecret_proof`) in the paging URLs of its answers, and
/// secrets never reach disk. The emulator's published test tokens are not secrets and stay.
struct SecretScrubber {
  private var replacements: [(secret: String, placeholder: String)] = []

  init(token: String?, appSecret: String?, publicTokens: Set<String>) {
    if let token, !token.isEmpty, !publicTokens.contains(token) {
      replacements.append((token, "<ACCESS_TOKEN>"))
      if let appSecret, !appSecret.isEmpty {
        let proof = AppSecretProof.make(accessToken: token, appSecret: appSecret)
        replacements.append((proof, "<APPSECRET_PROOF>"))
      }
    }
    if let appSecret, !appSecret.isEmpty { replacements.append((appSecret, "<APP_SECRET>")) }
  }

  /// Whether there is anything to take out.
  var isEmpty: Bool { replacements.isEmpty }

  /// `text` with every secret replaced, raw, percent-encoded and JSON-escaped (`\/`).
  func scrub(_ text: String) -> String {
    var result = text
    for (secret, placeholder) in replacements {
      let forms = [
        secret, PercentEncoding.encode(secret),
        PercentEncoding.encode(PercentEncoding.encode(secret)),
        secret.replacing("/", with: "\\/"),
      ]
      for form in Set(forms) where !form.isEmpty {
        result = result.replacing(form, with: placeholder)
      }
    }
    return result
  }
}

extension Session {
  /// The scrubber for this session's current secrets.
  var secretScrubber: SecretScrubber {
    SecretScrubber(
      token: token, appSecret: appSecret,
      publicTokens: Set(emulator?.testTokens.map(\.token) ?? []))
  }
}
