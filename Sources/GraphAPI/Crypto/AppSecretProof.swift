/// The `appsecret_proof` Graph expects beside an access token.
public enum AppSecretProof {
  /// Lowercase hex HMAC-SHA256 of `accessToken`, keyed with `appSecret`.
  public static func make(accessToken: String, appSecret: String) -> String {
    HMACSHA256.hex(accessToken, key: appSecret)
  }
}
