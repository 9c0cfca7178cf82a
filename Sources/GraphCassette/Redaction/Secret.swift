import GraphAPI

/// A secret to keep off disk, and the placeholder family it is replaced by.
public struct Secret: Sendable, Hashable {
  /// What kind of secret it is; names the placeholder (`<ACCESS_TOKEN_1>`).
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case accessToken = "ACCESS_TOKEN"
    case appsecretProof = "APPSECRET_PROOF"
    case appSecret = "APP_SECRET"
    /// An OAuth `code` (exchanged for a token).
    case code = "CODE"
    /// A `signed_request` (signed with the app secret; may carry a token).
    case signedRequest = "SIGNED_REQUEST"
  }

  public var kind: Kind
  public var value: String

  public init(_ kind: Kind, _ value: String) {
    self.kind = kind
    self.value = value
  }

  /// An access token (user, page or app token).
  public static func accessToken(_ value: String) -> Secret { Secret(.accessToken, value) }
  /// An app secret (what `client_secret` carries and `appsecret_proof` is keyed with).
  public static func appSecret(_ value: String) -> Secret { Secret(.appSecret, value) }

  /// Parameter, form-field and JSON key names whose values are secrets, by kind (the names are
  /// GraphAPI's `SecretParameters`).
  public static let parameterKinds: [String: Kind] = {
    var kinds: [String: Kind] = [SecretParameters.appsecretProof: .appsecretProof]
    for name in SecretParameters.accessTokens { kinds[name] = .accessToken }
    for name in SecretParameters.appSecrets { kinds[name] = .appSecret }
    kinds[SecretParameters.code] = .code
    kinds[SecretParameters.signedRequest] = .signedRequest
    return kinds
  }()

  /// Whether `name` is a parameter whose value is a secret.
  public static func isSecretParameter(_ name: String) -> Bool {
    SecretParameters.contains(name)
  }

  /// Whether `text` is already a placeholder: this tool's `<ACCESS_TOKEN_2>`, or one a
  /// sanitised cassette from elsewhere carries, `<FB_TOKEN>` (an upper-case name in angle
  /// brackets), recognised alike in a query, a body and `Authorization: Bearer` (issue 27).
  static func isPlaceholder(_ text: some StringProtocol) -> Bool {
    guard text.utf8.first == 0x3C, text.count >= 4, text.first == "<", text.last == ">" else {
      return false
    }
    let inner = text.dropFirst().dropLast()
    return inner.allSatisfy { ($0.isUppercase && $0.isASCII) || $0.isNumber || $0 == "_" }
      && inner.contains { $0.isUppercase }
  }

  /// Whether `text` is a stand-in no service would issue as a secret: a placeholder, or a
  /// test's dummy token named after an OAuth error (`invalid_token`, `expired_token`: the
  /// RFC 6750 / RFC 6749 error codes, which Graph writes in its own `WWW-Authenticate`
  /// headers). Stand-ins are neither reported nor replaced, so Graph's text stays (issue 27).
  static func isStandIn(_ text: some StringProtocol) -> Bool {
    isPlaceholder(text) || oauthErrorWords.contains(String(text))
  }

  /// The OAuth error codes of RFC 6749 5.2 and RFC 6750 3.1, and the expired form tests use.
  static let oauthErrorWords: Set<String> = [
    "invalid_request", "invalid_client", "invalid_grant", "unauthorized_client",
    "unsupported_grant_type", "invalid_scope", "invalid_token", "insufficient_scope",
    "expired_token", "invalid_code",
  ]
}
