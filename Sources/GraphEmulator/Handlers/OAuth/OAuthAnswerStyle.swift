/// How `oauth/access_token` writes a token: form-encoded `access_token=...&expires=...`
/// (text/plain) up to v2.2, JSON `{"access_token","token_type","expires_in"}` from v2.3.
/// Decided by the version rule `oauthAccessTokenAnswersJSON` (Versions/VersionRule.swift).
enum OAuthAnswerStyle: Sendable, Hashable {
  case formEncoded
  case json

  init(version: GraphVersion) {
    self = version.follows(.oauthAccessTokenAnswersJSON) ? .json : .formEncoded
  }
}
