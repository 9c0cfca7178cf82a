/// The bytes the legacy Facebook iOS SDK (the `Facebook`/FBConnect class, facebook-ios-sdk tag
/// v1.last: src/Facebook.m, src/FBRequest.m, src/FBDialog.m) sends, rebuilt from its source:
///
/// - Every call gets `format=json`, `sdk=ios`, `sdk_version=2` and, with a valid session, the
///   token (Facebook.m `openUrl:params:httpMethod:delegate:`); every text parameter goes into the
///   URL, POSTs included (FBRequest.m `serializeURL:params:httpMethod:` from `connect`).
/// - `User-Agent: FacebookConnect`; only a POST has a Content-Type, multipart with the same
///   boundary and the same unterminated body as the 3.x SDK, file parts written
///   `form-data; filename="KEY"` with no `name` (FBRequest.m `generatePostBody`).
/// - Graph calls go to `https://graph.facebook.com/PATH`, REST calls to
///   `https://api.facebook.com/method/NAME` (`requestWithMethodName:...`), dialogs open
///   `https://m.facebook.com/dialog/ACTION` with `display=touch`, `sdk=2` and
///   `redirect_uri=fbconnect://success` (`dialog:andParams:andDelegate:`); the login dialog
///   adds `type=user_agent`, `client_id`, `scope` (`authorizeWithFBAppAuth:safariAuth:`).
public struct LegacySDKWire: Sendable, Hashable {
  public var appID: String

  public init(appID: String) { self.appID = appID }

  /// Facebook.m `kRedirectURL`.
  public static let redirectURI = "fbconnect://success"
  /// FBRequest.m `kUserAgent`.
  public static let userAgent = "FacebookConnect"

  /// `requestWithGraphPath:andParams:andHttpMethod:andDelegate:`.
  public func graph(
    _ path: String, _ parameters: [(name: String, value: IOSSDKRequest.Value)] = [],
    method: GraphMethod = .get, token: String?
  ) -> HTTPRequest {
    request("https://graph.facebook.com/" + path, parameters, method: method, token: token)
  }

  /// `requestWithMethodName:andParams:andHttpMethod:andDelegate:` (the REST API); the token
  /// extension is `rest("auth.extendSSOAccessToken", token:)` (Facebook.m `extendAccessToken`).
  public func rest(
    _ name: String, _ parameters: [(name: String, value: IOSSDKRequest.Value)] = [],
    method: GraphMethod = .get, token: String?
  ) -> HTTPRequest {
    request("https://api.facebook.com/method/" + name, parameters, method: method, token: token)
  }

  /// The URL the login dialog loads in its web view (`authorize:` falling back to the inline
  /// FBLoginDialog).
  public func loginDialogURL(permissions: [String]) -> String {
    var parameters: [(String, String)] = [
      ("client_id", appID), ("type", "user_agent"), ("redirect_uri", Self.redirectURI),
      ("display", "touch"), ("sdk", "ios"),
    ]
    if !permissions.isEmpty { parameters.append(("scope", permissions.joined(separator: ","))) }
    return IOSSDKWire.serializeURL(
      "https://m.facebook.com/dialog/oauth", parameters.map { ($0.0, .string($0.1)) })
  }

  /// `dialog:andParams:andDelegate:` for any dialog but login (`feed`, `apprequests`).
  public func dialogURL(_ action: String, _ parameters: [(String, String)], token: String?)
    -> String
  {
    var all = parameters.map { (name: $0.0, value: IOSSDKRequest.Value.string($0.1)) }
    for (name, value) in [
      ("display", "touch"), ("sdk", "2"), ("redirect_uri", Self.redirectURI), ("app_id", appID),
    ] {
      all.removeAll { $0.name == name }
      all.append((name, .string(value)))
    }
    if let token { all.append(("access_token", .string(token))) }
    return IOSSDKWire.serializeURL("https://m.facebook.com/dialog/" + action, all)
  }

  func request(
    _ base: String, _ parameters: [(name: String, value: IOSSDKRequest.Value)],
    method: GraphMethod, token: String?
  ) -> HTTPRequest {
    var all = parameters
    for (name, value) in [("format", "json"), ("sdk", "ios"), ("sdk_version", "2")]
      + (token.map { [("access_token", $0)] } ?? [])
    {
      if let index = all.firstIndex(where: { $0.name == name }) {
        all[index].value = .string(value)
      } else {
        all.append((name, .string(value)))
      }
    }
    var http = HTTPRequest(method: method.rawValue, url: IOSSDKWire.serializeURL(base, all))
    http.headers["User-Agent"] = Self.userAgent
    guard method == .post else { return http }
    http.headers["Content-Type"] = "multipart/form-data; boundary=\(IOSSDKWire.boundary)"
    let delimiter = "--\(IOSSDKWire.boundary)"
    var body = Array("\(delimiter)\r\n".utf8)
    for (name, value) in all {
      guard case .string(let text) = value else { continue }
      body += Array("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(text)".utf8)
      body += Array("\r\n\(delimiter)\r\n".utf8)
    }
    for (name, value) in all {
      let type: String
      let bytes: [UInt8]
      switch value {
      case .string: continue
      case .image(let data): (type, bytes) = ("image/png", data)
      case .data(let data): (type, bytes) = ("content/unknown", data)
      }
      body += Array("Content-Disposition: form-data; filename=\"\(name)\"\r\n".utf8)
      body += Array("Content-Type: \(type)\r\n\r\n".utf8) + bytes
      body += Array("\r\n\(delimiter)\r\n".utf8)
    }
    http.body = body
    return http
  }
}
