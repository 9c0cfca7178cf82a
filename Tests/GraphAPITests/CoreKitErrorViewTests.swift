import GraphAPI
import GraphJSON
import Testing

@Suite struct CoreKitErrorViewTests {
  static func body(_ code: Int, subcode: Int? = nil, userMessage: String? = nil) -> [UInt8] {
    var error = JSONObject()
    error.append("message", "m")
    error.append("type", "OAuthException")
    error.append("code", .number(JSONNumber(code)))
    if let subcode { error.append("error_subcode", .number(JSONNumber(subcode))) }
    if let userMessage {
      error.append("error_user_title", "T")
      error.append("error_user_msg", .string(userMessage))
    }
    var root = JSONObject()
    root.append("error", .object(error))
    return Array(JSONValue.object(root).compactText.utf8)
  }

  @Test(
    arguments: [
      (190, CoreKitErrorView.Kind.recoverable), (102, .recoverable), (1, .transient),
      (2, .transient), (4, .transient), (17, .transient), (341, .transient), (100, .other),
      (200, .other), (2500, .other), (506, .other),
    ] as [(Int, CoreKitErrorView.Kind)])
  func fallbackKinds(code: Int, kind: CoreKitErrorView.Kind) throws {
    let view = try #require(CoreKitErrorView(status: 400, body: Self.body(code)))
    #expect(view.kind == kind)
    #expect(view.userInfo[CoreKitErrorView.kindKey] == .number(JSONNumber(kind.rawValue)))
  }

  @Test func userInfoCarriesCodesStatusBodyAndMessages() throws {
    let body = Self.body(190, subcode: 463, userMessage: "Log in again")
    let view = try #require(CoreKitErrorView(status: 400, body: body))
    let keys = view.userInfo.members.map(\.key)
    #expect(
      keys == [
        "com.facebook.sdk:FBSDKGraphRequestErrorKey",
        "com.facebook.sdk:FBSDKGraphRequestErrorGraphErrorCodeKey",
        "com.facebook.sdk:FBSDKGraphRequestErrorGraphErrorSubcodeKey",
        "com.facebook.sdk:FBSDKGraphRequestErrorHTTPStatusCodeKey",
        "com.facebook.sdk:FBSDKGraphRequestErrorParsedJSONResponseKey",
        "com.facebook.sdk:FBSDKErrorDeveloperMessageKey",
        "com.facebook.sdk:FBSDKErrorLocalizedDescriptionKey",
        "com.facebook.sdk:FBSDKErrorLocalizedErrorTitleKey",
        "NSLocalizedRecoverySuggestion",
      ])
    #expect(view.userInfo[CoreKitErrorView.graphErrorSubcodeKey] == 463)
    #expect(view.reportLines.contains("  kind: FBSDKGraphRequestErrorRecoverable"))
    #expect(view.reportLines.contains("  domain: com.facebook.sdk.core"))
  }

  @Test func successesAndBodiesWithoutAnErrorHaveNoView() {
    #expect(CoreKitErrorView(status: 200, body: Array(#"{"id":"1"}"#.utf8)) == nil)
    #expect(CoreKitErrorView(status: 502, body: Array("<html>".utf8)) == nil)
    #expect(
      ExplainSDK.ios.lines(status: 502, body: Array("<html>".utf8))
        == ["iOS SDK 4+ (FBSDKCoreKit): an NSError without a Graph error body"])
  }

  @Test func everySDKViewIsLabelled() {
    let body = Self.body(200)
    #expect(ExplainSDK.names == "ios3|ios|android|php|js")
    #expect(ExplainSDK.ios3.lines(status: 403, body: body).first?.hasPrefix("iOS SDK 3.") == true)
    #expect(
      ExplainSDK.android.lines(status: 403, body: body)
        == ["Android SDK 3.x: FacebookRequestError category PERMISSION"])
    #expect(
      ExplainSDK.php.lines(status: 403, body: body)
        == ["PHP SDK 4.x-5.x: throws FacebookAuthorizationException"])
    #expect(
      ExplainSDK.js.lines(status: 403, body: body)
        == [
          #"JavaScript SDK: FB.api calls back with response.error = {"message":"m","type":"OAuthException","code":200}"#
        ])
  }
}
