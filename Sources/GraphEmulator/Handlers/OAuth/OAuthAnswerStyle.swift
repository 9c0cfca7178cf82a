/// How `oauth/access_token` writes a token: form-encoded `access_token=...&expires=...`
/// (text/plain) up to v2.2, JSON `{"access_token","token_type","expires_in"}` from v2.3.
/// The one place that decides it (the lead rewires it to the version rules at merge).
enum OAuthAnswerStyle: Sendable, Hashable {
  case formEncoded
  case json

  init(version: GraphVersion) {
    self = version < GraphVersion(major: 2, minor: 3) ? .formEncoded : .json
  }
}
