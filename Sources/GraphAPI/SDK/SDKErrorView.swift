import GraphJSON

/// How the Facebook iOS SDK 3.x reports one answer to the app: what the completion handler's
/// `result` holds, or the `NSError` it gets, with `fberrorCategory`, `fberrorShouldNotifyUser`,
/// `fberrorUserMessage` and what happens to the session.
///
/// Modelled on `FBRequestConnection` and `FBErrorUtility` (tags `sdk-version-3.5.0` and
/// `sdk-version-3.24.0`) for a web-login session; see docs/graph-api.md.
public struct SDKErrorView: Sendable, Hashable {
  /// The `NSError` an app receives.
  public struct NSErrorView: Sendable, Hashable {
    /// `com.facebook.sdk`.
    public var domain: String
    public var code: FBErrorCode
    /// The userInfo entries, in the order shown: `com.facebook.sdk:HTTPStatusCode`, then
    /// `com.facebook.sdk:ParsedJSONResponseKey` = `{"code": status, "body": parsed answer}`.
    public var userInfo: JSONObject
    /// What `[error description]`/`localizedDescription` print.
    public var localizedDescription: String
  }

  /// What the SDK does to the `FBSession` the request used.
  public enum SessionEffect: Sendable, Hashable {
    /// Nothing.
    case none
    /// `closeAndClearTokenInformation`: the session closes and the cached token is erased.
    case closeAndClearToken
  }

  /// The domain of every SDK error.
  public static let domain = "com.facebook.sdk"
  /// The userInfo key holding the HTTP status.
  public static let httpStatusCodeKey = "com.facebook.sdk:HTTPStatusCode"
  /// The userInfo key holding `{code, body}`.
  public static let parsedJSONResponseKey = "com.facebook.sdk:ParsedJSONResponseKey"
  /// The key the SDK wraps a non-JSON body in.
  public static let nonJSONResultKey = "FACEBOOK_NON_JSON_RESULT"

  public var sdkVersion: IOSSDKVersion
  public var httpStatus: Int
  /// The body as the SDK parsed it (objects and arrays as they are, anything else wrapped as
  /// `{"FACEBOOK_NON_JSON_RESULT": text}`).
  public var parsedBody: JSONValue
  /// What the completion handler's `result` receives: the parsed body on success, `nil` on error.
  public var result: JSONValue?
  /// The error the completion handler receives, or `nil` on success.
  public var error: NSErrorView?
  /// The Graph error in the body, if any (also on a 200 with `suppress_http_code=1`).
  public var graphError: GraphErrorBody?
  /// `error.fberrorCategory`; `nil` when there is no error, or before 3.2 (no FBErrorUtility).
  public var category: FBErrorCategory?
  /// `error.fberrorShouldNotifyUser`.
  public var shouldNotifyUser: Bool
  /// `error.fberrorUserMessage`.
  public var userMessage: String?
  public var sessionEffect: SessionEffect

  /// The view of an answer with `status` and `body`.
  public init(status: Int, body: [UInt8], sdkVersion: IOSSDKVersion = .v3_24) {
    self.sdkVersion = sdkVersion
    self.httpStatus = status
    let parsed = Self.parse(body)
    self.parsedBody = parsed
    self.graphError = GraphErrorBody(json: parsed)
    guard status < 200 || status >= 300 else {
      result = parsed
      error = nil
      category = nil
      shouldNotifyUser = false
      userMessage = nil
      sessionEffect = .none
      return
    }
    result = nil
    var userInfo = JSONObject()
    userInfo.append(Self.httpStatusCodeKey, .number(JSONNumber(status)))
    userInfo.append(
      Self.parsedJSONResponseKey, ["code": .number(JSONNumber(status)), "body": parsed])
    error = NSErrorView(
      domain: Self.domain, code: .httpError, userInfo: userInfo,
      localizedDescription:
        "The operation couldn\u{2019}t be completed. (\(Self.domain) error \(FBErrorCode.httpError.rawValue).)"
    )
    // FBErrorUtility reads body.error.code and body.error.error_subcode only when they are numbers.
    let inner = parsed["error"]
    guard sdkVersion.hasErrorUtility else {
      // 3.0-3.1: no category or message; FBRequestConnection.m (3.1.0) isInvalidSessionError:
      // (:1274-1297) closes the session on a 190 or 102.
      category = nil
      shouldNotifyUser = false
      userMessage = nil
      let code = inner?["code"]?.numberValue?.intValue
      sessionEffect = code == 190 || code == 102 ? .closeAndClearToken : .none
      return
    }
    let classification = Self.classify(
      code: inner?["code"]?.numberValue?.intValue,
      subcode: inner?["error_subcode"]?.numberValue?.intValue,
      apiUserMessage: inner?["error_user_msg"]?.stringValue, sdkVersion: sdkVersion)
    category = classification.category
    shouldNotifyUser = classification.shouldNotifyUser
    userMessage = classification.userMessage
    sessionEffect =
      classification.category == .authenticationReopenSession ? .closeAndClearToken : .none
  }

  /// The view of `response`.
  public init(response: HTTPResponse, sdkVersion: IOSSDKVersion = .v3_24) {
    self.init(status: response.status, body: response.body, sdkVersion: sdkVersion)
  }

  /// Parses a body as the SDK does: a JSON object or array as is; anything else (a bare
  /// `true`, a number, HTML, an empty body) as `{"FACEBOOK_NON_JSON_RESULT": "<text>"}`.
  public static func parse(_ body: [UInt8]) -> JSONValue {
    if let json = try? JSONParser.parse(body) {
      switch json {
      case .object, .array: return json
      default: break
      }
    }
    return [nonJSONResultKey: .string(String(decoding: body, as: UTF8.self))]
  }
}
