extension IOSSDKWire {
  /// FBSession.m `kRedirectURL` / `FBRedirectURL`: where the inline login dialog ends.
  public static let redirectURI = "fbconnect://success"

  /// The URL FBSession's inline login dialog (FBLoginDialog in a web view) loads, built as
  /// FBDialog.m `generateURL:params:` does (`base?` + every parameter escaped):
  ///
  /// - 3.1 (src/FBSession.m:842-855): `client_id`, `type=user_agent`,
  ///   `redirect_uri=fbconnect://success`, `display=touch`, `sdk=ios`, then `scope`; the base is
  ///   `https://m.facebook.com/dialog/oauth` (:50-51).
  /// - 3.24 (src/Login/FBSession.m:1051-1075): `client_id`,
  ///   `response_type=token,signed_request`, the same `redirect_uri`, `display` and `sdk`,
  ///   `return_scopes=true`, `sdk_version=3.24.4`, `fbapp_res` (0: the Facebook app is not
  ///   installed), `legacy_override=v2.2`, `auth_type=rerequest` when asking again,
  ///   `default_audience`, `scope`, and `e2e={"init":MS}` (FBSessionUtility.m:104-108); the
  ///   base is `https://m.facebook.com/v2.2/dialog/oauth` (FBUtility.m `dialogBaseURL`).
  ///
  /// `startTime` is the `e2e` time in milliseconds (3.24 only).
  public func loginDialogURL(
    appID: String, permissions: [String], defaultAudience: String? = "friends",
    reauthorize: Bool = false, startTime: Int = 1_417_000_000_000
  ) -> String {
    var parameters: [(String, String)] = [("client_id", appID)]
    let base: String
    switch release {
    case .v3_1:
      parameters += [
        ("type", "user_agent"), ("redirect_uri", Self.redirectURI), ("display", "touch"),
        ("sdk", "ios"),
      ]
      base = "https://m.\(domain)/dialog/oauth"
    case .v3_24:
      parameters += [
        ("response_type", "token,signed_request"), ("redirect_uri", Self.redirectURI),
        ("display", "touch"), ("sdk", "ios"), ("return_scopes", "true"),
        ("sdk_version", release.rawValue), ("fbapp_res", "0"), ("legacy_override", "v2.2"),
      ]
      if reauthorize { parameters.append(("auth_type", "rerequest")) }
      if let defaultAudience { parameters.append(("default_audience", defaultAudience)) }
      base = "https://m.\(domain)/v2.2/dialog/oauth"
    }
    if !permissions.isEmpty { parameters.append(("scope", permissions.joined(separator: ","))) }
    if release == .v3_24 { parameters.append(("e2e", #"{"init":\#(startTime)}"#)) }
    let pairs = parameters.map { $0.0 + "=" + Self.percentEscaped($0.1) }
    return base + "?" + pairs.joined(separator: "&")
  }

  /// The URL FBProfilePictureView loads (with FBURLConnection, no SDK headers) for a square
  /// picture `width` pixels wide:
  ///
  /// - 3.1 (src/FBProfilePictureView.m:106-111, :169-174): `https://graph.facebook.com/ID/picture`
  ///   `?width=W&height=W&migration_bundle=fbsdk:20120913`, never a token.
  /// - 3.24 (src/UI/FBProfilePictureView.m:102-107, :171-183): `https://graph.facebook.com/v2.2/`
  ///   `ID/picture?width=W&height=W`, plus `access_token` when a session is open.
  public func profilePictureURL(_ profileID: String, width: Int, token: String?) -> String {
    switch release {
    case .v3_1:
      return "https://graph.\(domain)/\(profileID)/picture?width=\(width)&height=\(width)"
        + "&migration_bundle=\(Self.migrationBundle)"
    case .v3_24:
      var url = "https://graph.\(domain)/v2.2/\(profileID)/picture?width=\(width)&height=\(width)"
      if let token { url += "&access_token=" + Self.percentEscaped(token) }
      return url
    }
  }
}
