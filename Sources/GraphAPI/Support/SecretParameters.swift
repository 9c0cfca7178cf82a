/// The parameter, form-field and JSON key names whose values are secrets, in one place for
/// every module that hides them: the REPL's redaction, the request description, the `serve`
/// log, and cassette redaction.
package enum SecretParameters {
  /// Names that carry an access token.
  package static let accessTokens: Set<String> = [
    "access_token", "input_token", "fb_exchange_token", "oauth_token",
  ]
  /// Names that carry an app secret.
  package static let appSecrets: Set<String> = ["client_secret", "app_secret"]
  /// The name that carries an `appsecret_proof`.
  package static let appsecretProof = "appsecret_proof"

  /// The name that carries an OAuth code (exchanged for a token with the app secret).
  package static let code = "code"
  /// The name that carries a signed request (signed with the app secret).
  package static let signedRequest = "signed_request"

  /// Every secret name.
  package static let names: Set<String> = accessTokens.union(appSecrets).union([
    appsecretProof, code, signedRequest,
  ])

  /// Whether `name` (any case) names a secret.
  package static func contains(_ name: String) -> Bool { names.contains(name.lowercased()) }
}
