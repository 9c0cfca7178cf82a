import GraphAPI
import GraphJSON
import Testing

@Suite struct SDKErrorViewTests {
  static let accountLocked =
    "Your Facebook account is locked. Please log into www.facebook.com to continue."
  static let reconnect = "Please log into this app again to reconnect your Facebook account."
  static let passwordChanged =
    "Your Facebook password has changed. Please log into this app again to reconnect your Facebook account."
  static let grant =
    "This app doesn’t have permission to do this. To change permissions, try logging into the app again."

  /// code, subcode → category, notify, user message (3.24, no error_user_msg).
  @Test(
    arguments: [
      (190, nil, "FBErrorCategoryAuthenticationReopenSession", false, nil),
      (102, nil, "FBErrorCategoryAuthenticationReopenSession", false, nil),
      (190, 459, "FBErrorCategoryRetry", true, accountLocked),
      (190, 464, "FBErrorCategoryRetry", true, accountLocked),
      (190, 458, "FBErrorCategoryAuthenticationReopenSession", false, reconnect),
      (190, 463, "FBErrorCategoryAuthenticationReopenSession", false, reconnect),
      (190, 460, "FBErrorCategoryAuthenticationReopenSession", false, passwordChanged),
      (190, 467, "FBErrorCategoryAuthenticationReopenSession", false, nil),
      (1, nil, "FBErrorCategoryServer", false, nil),
      (2, nil, "FBErrorCategoryServer", false, nil),
      (4, nil, "FBErrorCategoryThrottling", false, nil),
      (17, nil, "FBErrorCategoryThrottling", false, nil),
      (32, nil, "FBErrorCategoryFacebookOther", false, nil),
      (10, nil, "FBErrorCategoryPermissions", false, grant),
      (200, nil, "FBErrorCategoryPermissions", false, grant),
      (299, nil, "FBErrorCategoryPermissions", false, grant),
      (300, nil, "FBErrorCategoryFacebookOther", false, nil),
      (2500, nil, "FBErrorCategoryFacebookOther", false, nil),
      (100, 33, "FBErrorCategoryFacebookOther", false, nil),
      (nil, nil, "FBErrorCategoryFacebookOther", false, nil),
    ] as [(Int?, Int?, String, Bool, String?)])
  func classification(code: Int?, subcode: Int?, category: String, notify: Bool, message: String?) {
    let result = SDKErrorView.classify(code: code, subcode: subcode)
    #expect(result.category.name == category)
    #expect(result.shouldNotifyUser == notify)
    #expect(result.userMessage == message)
  }

  @Test func errorUserMessageWinsFrom324Only() {
    let new = SDKErrorView.classify(
      code: 506, subcode: 1_455_006, apiUserMessage: "Said that already.")
    #expect(new.userMessage == "Said that already.")
    #expect(new.shouldNotifyUser)
    let old = SDKErrorView.classify(
      code: 506, subcode: 1_455_006, apiUserMessage: "Said that already.", sdkVersion: .v3_5)
    #expect(old.userMessage == nil)
    #expect(!old.shouldNotifyUser)
    #expect(SDKErrorView.classify(code: 10, apiUserMessage: "").userMessage == Self.grant)
  }

  @Test func the2500ErrorAsTheSDKSeesIt() {
    let body =
      #"{"error":{"message":"An active access token must be used to query information about the current user.","type":"OAuthException","code":2500,"fbtrace_id":"X"}}"#
    let view = SDKErrorView(
      response: HTTPResponse(status: 400, body: Array(body.utf8)), sdkVersion: .v3_5)
    #expect(view.result == nil)
    let error = view.error
    #expect(error?.domain == "com.facebook.sdk")
    #expect(error?.code == .httpError)
    #expect(error?.code.rawValue == 5)
    #expect(
      error.map { JSONValue.object($0.userInfo).compactText }
        == #"{"com.facebook.sdk:HTTPStatusCode":400,"com.facebook.sdk:ParsedJSONResponseKey":{"code":400,"body":"#
        + body + "}}")
    #expect(
      error?.localizedDescription
        == "The operation couldn’t be completed. (com.facebook.sdk error 5.)")
    #expect(view.category == .facebookOther)
    #expect(!view.shouldNotifyUser)
    #expect(view.userMessage == nil)
    #expect(view.sessionEffect == .none)
    #expect(view.graphError?.code == 2500)
    let report = view.reportLines.joined(separator: "\n")
    #expect(report.contains("com.facebook.sdk error 5"))
    #expect(report.contains("fberrorCategory: FBErrorCategoryFacebookOther"))
    #expect(report.contains("fberrorShouldNotifyUser: NO"))
    #expect(
      report.hasPrefix("iOS SDK 3.5.0: the completion handler gets result = nil and an NSError:"))
  }

  @Test func reopenSessionClosesTheSessionButRetryDoesNot() {
    let invalid = SDKErrorView(
      status: 400,
      body: Array(
        #"{"error":{"message":"Invalid OAuth access token.","type":"OAuthException","code":190}}"#
          .utf8))
    #expect(invalid.category == .authenticationReopenSession)
    #expect(invalid.sessionEffect == .closeAndClearToken)
    #expect(
      invalid.reportLines.last
        == "  session: closed and token cleared (closeAndClearTokenInformation)")
    let locked = SDKErrorView(
      status: 400,
      body: Array(
        #"{"error":{"message":"m","type":"OAuthException","code":190,"error_subcode":459}}"#.utf8))
    #expect(locked.category == .retry)
    #expect(locked.sessionEffect == .none)
    #expect(locked.shouldNotifyUser)
  }

  @Test func permissionsErrorForPublishActions() {
    let view = SDKErrorView(
      status: 403,
      body: Array(
        #"{"error":{"message":"(#200) Requires extended permission: publish_actions","type":"OAuthException","code":200}}"#
          .utf8))
    #expect(view.category == .permissions)
    #expect(view.userMessage == Self.grant)
    #expect(view.reportLines.contains("  fberrorUserMessage: \(Self.grant)"))
  }

  @Test(arguments: [
    ("true", #"{"FACEBOOK_NON_JSON_RESULT":"true"}"#),
    (#"{"success":true}"#, #"{"success":true}"#),
    (#"{"id":"4","name":"Mark"}"#, #"{"id":"4","name":"Mark"}"#),
    ("[1,2]", "[1,2]"),
    ("42", #"{"FACEBOOK_NON_JSON_RESULT":"42"}"#),
    ("", #"{"FACEBOOK_NON_JSON_RESULT":""}"#),
  ])
  func successResults(body: String, result: String) {
    let view = SDKErrorView(status: 200, body: Array(body.utf8))
    #expect(view.error == nil)
    #expect(view.category == nil)
    #expect(view.result?.compactText == result)
    #expect(
      view.reportLines.first
        == "iOS SDK 3.24.0: the completion handler gets error = nil and result =")
  }

  @Test func suppressedHTTPCodeLooksLikeSuccess() {
    let view = SDKErrorView(
      status: 200,
      body: Array(#"{"error":{"message":"m","type":"OAuthException","code":2500}}"#.utf8))
    #expect(view.error == nil)
    #expect(view.graphError?.code == 2500)
    #expect(view.reportLines.count == 3)
  }

  @Test func nonJSONErrorBodyIsWrapped() {
    let view = SDKErrorView(status: 502, body: Array("<html>Bad Gateway</html>".utf8))
    #expect(
      view.error?.userInfo[SDKErrorView.parsedJSONResponseKey]?.compactText
        == #"{"code":502,"body":{"FACEBOOK_NON_JSON_RESULT":"<html>Bad Gateway</html>"}}"#)
    #expect(view.category == .facebookOther)
  }

  @Test func legacyErrorShapeHasNoGraphCodeForTheSDK() {
    let view = SDKErrorView(status: 400, body: Array(#"{"error_code":190,"error_msg":"x"}"#.utf8))
    #expect(view.category == .facebookOther)
    #expect(view.graphError?.code == 190)
  }

  @Test func versionsAndNames() {
    #expect(IOSSDKVersion("3.24") == .v3_24)
    #expect(IOSSDKVersion("v3.5.0") == .v3_5)
    #expect(IOSSDKVersion("3") == nil)
    #expect(IOSSDKVersion("3.x") == nil)
    #expect(IOSSDKVersion.v3_5 < .v3_24)
    #expect(FBErrorCategory.facebookOther.rawValue == -1)
    #expect(FBErrorCategory.badRequest.rawValue == -2)
    #expect(FBErrorCode.allCases.map(\.rawValue) == Array(0...6))
    #expect(SDKErrorView.loginFailureCategory(cancelled: true) == .userCancelled)
    #expect(SDKErrorView.loginFailureCategory(cancelled: false) == .retry)
  }
}
