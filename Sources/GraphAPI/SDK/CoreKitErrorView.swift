import GraphJSON

/// How the modern Facebook iOS SDK (FBSDKCoreKit, iOS SDK 4.0 and later) reports a Graph error
/// to the app: an `NSError` in domain `com.facebook.sdk.core`, code 8
/// (`FBSDKErrorGraphRequestGraphAPI`), whose userInfo carries the `FBSDKGraphRequestError`
/// kind and the Graph code, subcode, status, body and messages.
///
/// Modelled on `FBSDKConstants.m` (the userInfo keys) and `FBSDKErrorConfiguration.m` (the
/// fallback kinds: 102 and 190 Recoverable; 1, 2, 4, 9, 17 and 341 Transient; anything else
/// Other) in https://github.com/facebook/facebook-ios-sdk ; the app's server-side error
/// configuration can change the kinds, the view shows the fallback.
public struct CoreKitErrorView: Sendable, Hashable {
  /// `FBSDKGraphRequestError`.
  public enum Kind: Int, Sendable, Hashable, CaseIterable {
    case other = 0
    case transient = 1
    case recoverable = 2

    /// The Objective-C constant: `FBSDKGraphRequestErrorRecoverable`.
    public var name: String {
      let word = "\(self)"
      return "FBSDKGraphRequestError" + word.prefix(1).uppercased() + word.dropFirst()
    }

    /// The fallback kind of a Graph code.
    public init(code: Int?) {
      switch code {
      case 102?, 190?: self = .recoverable
      case 1?, 2?, 4?, 9?, 17?, 341?: self = .transient
      default: self = .other
      }
    }
  }

  public static let domain = "com.facebook.sdk.core"
  /// `FBSDKErrorGraphRequestGraphAPI`.
  public static let graphAPIErrorCode = 8
  public static let kindKey = "com.facebook.sdk:FBSDKGraphRequestErrorKey"
  public static let graphErrorCodeKey = "com.facebook.sdk:FBSDKGraphRequestErrorGraphErrorCodeKey"
  public static let graphErrorSubcodeKey =
    "com.facebook.sdk:FBSDKGraphRequestErrorGraphErrorSubcodeKey"
  public static let httpStatusCodeKey = "com.facebook.sdk:FBSDKGraphRequestErrorHTTPStatusCodeKey"
  public static let parsedJSONResponseKey =
    "com.facebook.sdk:FBSDKGraphRequestErrorParsedJSONResponseKey"
  public static let developerMessageKey = "com.facebook.sdk:FBSDKErrorDeveloperMessageKey"
  public static let localizedDescriptionKey = "com.facebook.sdk:FBSDKErrorLocalizedDescriptionKey"
  public static let localizedTitleKey = "com.facebook.sdk:FBSDKErrorLocalizedErrorTitleKey"
  public static let recoverySuggestionKey = "NSLocalizedRecoverySuggestion"

  /// The SDK's fallback recovery messages.
  public static let loginSuggestion =
    "Please log into this app again to reconnect your Facebook account."
  public static let transientSuggestion = "The server is temporarily busy, please try again."

  public var kind: Kind
  /// The userInfo entries in the order shown.
  public var userInfo: JSONObject

  /// The view of an error answer; `nil` for a success (2xx) or a body without a Graph error.
  public init?(status: Int, body: [UInt8]) {
    guard status < 200 || status >= 300 else { return nil }
    let parsed = SDKErrorView.parse(body)
    guard let error = parsed["error"], case .object = error else { return nil }
    let code = error["code"]?.numberValue?.intValue
    kind = Kind(code: code)
    var info = JSONObject()
    info.append(Self.kindKey, .number(JSONNumber(kind.rawValue)))
    if let value = error["code"] { info.append(Self.graphErrorCodeKey, value) }
    if let value = error["error_subcode"] { info.append(Self.graphErrorSubcodeKey, value) }
    info.append(Self.httpStatusCodeKey, .number(JSONNumber(status)))
    info.append(Self.parsedJSONResponseKey, ["code": .number(JSONNumber(status)), "body": parsed])
    if let value = error["message"] { info.append(Self.developerMessageKey, value) }
    if let value = error["error_user_msg"] { info.append(Self.localizedDescriptionKey, value) }
    if let value = error["error_user_title"] { info.append(Self.localizedTitleKey, value) }
    switch kind {
    case .recoverable: info.append(Self.recoverySuggestionKey, .string(Self.loginSuggestion))
    case .transient: info.append(Self.recoverySuggestionKey, .string(Self.transientSuggestion))
    case .other: break
    }
    userInfo = info
  }

  /// Plain-text lines for `explain`.
  public var reportLines: [String] {
    var lines = [
      "iOS SDK 4+ (FBSDKCoreKit): the completion handler gets an NSError:",
      "  domain: \(Self.domain)",
      "  code: \(Self.graphAPIErrorCode) (FBSDKErrorGraphRequestGraphAPI)",
      "  kind: \(kind.name)",
      "  userInfo:",
    ]
    for member in userInfo.members {
      lines.append("    \(member.key): \(member.value.compactText)")
    }
    return lines
  }
}
