/// One of the emulated app's "Valid OAuth Redirect URIs" (the app dashboard's Client OAuth
/// Settings). A `redirect_uri` is allowed when, read as a browser reads it (`RedirectURI`), it is
/// canonical and one rule matches its scheme, host, port and path exactly; a query may follow.
enum ValidRedirect: Equatable {
  /// The app's own URL scheme, `fb<APPID>://...` (the iOS SDK 3.x's `fb<APPID>://authorize`).
  case appScheme
  /// One URI: scheme, host and path compared exactly, no port.
  case exact(scheme: String, host: String, path: String)
  /// http(s) on this machine, any port and path: the developer's own local server. **[choice]**
  case loopback

  /// The emulated app's list, in the order the dialog tries them.
  static let registered: [ValidRedirect] = [
    .appScheme,
    .exact(scheme: "fbconnect", host: "success", path: ""),
    .exact(scheme: "https", host: "www.facebook.com", path: "/connect/login_success.html"),
    .loopback,
  ]
  static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "[::1]"]

  /// Whether the app allows `text` as a redirect URI.
  static func allows(_ text: String, appID: String) -> Bool {
    guard let uri = RedirectURI(text), uri.canonical else { return false }
    return registered.contains { $0.matches(uri, appID: appID) }
  }

  func matches(_ uri: RedirectURI, appID: String) -> Bool {
    switch self {
    case .appScheme:
      return uri.scheme == "fb\(appID)"
    case .exact(let scheme, let host, let path):
      return uri.scheme == scheme && uri.host == host && uri.port == nil && uri.path == path
    case .loopback:
      return (uri.scheme == "http" || uri.scheme == "https")
        && Self.loopbackHosts.contains(uri.host)
    }
  }
}
