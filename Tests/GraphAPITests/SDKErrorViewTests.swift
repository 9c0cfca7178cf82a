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
    "This app doesn't have permission to do this. To change permissions, try logging into the app again."
  static let grantBefore39 =
    "This app doesn’t have permission to do this. To change permissions, try logging into the app again."
  static let passwordChangedDevice =
    "Your Facebook password has changed. To confirm your password, open Settings > Facebook and tap your name."

  /// code, subcode → category, notify, user message (3.24.4, a web-login session, no
  /// error_user_msg), each row citing src/Core/FBErrorUtility.m at sdk-version-3.24.4.
  @Test(
    arguments: [
      (190, nil, "FBErrorCategoryAuthenticationReopenSession", false, nil),  // :126-127, :179-187
      (102, nil, "FBErrorCategoryAuthenticationReopenSession", false, nil),  // :126-127
      (190, 65000, "FBErrorCategoryRetry", false, nil),  // :143-145
      (102, 65000, "FBErrorCategoryRetry", false, nil),  // :143-145
      (190, 463, "FBErrorCategoryAuthenticationReopenSession", false, reconnect),  // :146-151
      // :152-158
      (190, 65001, "FBErrorCategoryAuthenticationReopenSession", true, passwordChangedDevice),
      (190, 460, "FBErrorCategoryAuthenticationReopenSession", false, passwordChanged),  // :159-162
      (190, 459, "FBErrorCategoryRetry", true, accountLocked),  // :164-169
      (190, 464, "FBErrorCategoryAuthenticationReopenSession", true, accountLocked),  // :170-174
      (190, 458, "FBErrorCategoryAuthenticationReopenSession", false, reconnect),  // :175-178
      (190, 467, "FBErrorCategoryAuthenticationReopenSession", false, nil),  // :179-187
      (1, nil, "FBErrorCategoryServer", false, nil),  // :128-129
      (2, nil, "FBErrorCategoryServer", false, nil),  // :128-129
      (4, nil, "FBErrorCategoryThrottling", false, nil),  // :130-131
      (17, nil, "FBErrorCategoryThrottling", false, nil),  // :130-131
      (10, nil, "FBErrorCategoryPermissions", false, grant),  // :132-134, :190-192
      (200, nil, "FBErrorCategoryPermissions", false, grant),  // :133
      (299, nil, "FBErrorCategoryPermissions", false, grant),  // :133
      (10, 459, "FBErrorCategoryPermissions", false, grant),  // a subcode only matters for 190/102
      (300, nil, "FBErrorCategoryFacebookOther", false, nil),  // :112
      (32, nil, "FBErrorCategoryFacebookOther", false, nil),  // :112
      (2500, nil, "FBErrorCategoryFacebookOther", false, nil),  // :112
      (100, 33, "FBErrorCategoryFacebookOther", false, nil),  // :112
      (nil, nil, "FBErrorCategoryFacebookOther", false, nil),  // :112
    ] as [(Int?, Int?, String, Bool, String?)])
  func classification(code: Int?, subcode: Int?, category: String, notify: Bool, message: String?) {
    let result = SDKErrorView.classify(code: code, subcode: subcode)
    #expect(result.category.name == category)
    #expect(result.shouldNotifyUser == notify)
    #expect(result.userMessage == message)
  }

  /// 190/464 closes the session (isInvalidSessionError: is category == ReopenSession,
  /// FBRequestConnection.m:1545-1561); 459 and 65000 keep it.
  @Test(
    arguments: [(464, true), (459, false), (65000, false), (463, true), (nil, true)]
      as [(Int?, Bool)])
  func sessionClosesOnReopenSessionOnly(subcode: Int?, closes: Bool) {
    let error =
      #"{"error":{"message":"m","type":"OAuthException","code":190"#
      + (subcode.map { #","error_subcode":\#($0)"# } ?? "") + "}}"
    let view = SDKErrorView(status: 400, body: Array(error.utf8))
    #expect((view.sessionEffect == .closeAndClearToken) == closes)
  }

  /// The apostrophe of FBE:GrantPermission: typographic in 3.2-3.8, ASCII from 3.9.0.
  @Test func grantPermissionMessageByRelease() {
    #expect(SDKErrorView.classify(code: 200, sdkVersion: .v3_5).userMessage == Self.grantBefore39)
    #expect(
      SDKErrorView.classify(code: 200, sdkVersion: IOSSDKVersion(3, 8)).userMessage
        == Self.grantBefore39)
    #expect(
      SDKErrorView.classify(code: 200, sdkVersion: IOSSDKVersion(3, 9)).userMessage == Self.grant)
  }

  /// 3.1 has no FBErrorUtility: no category, no message; a 190 or 102 still closes the session
  /// (3.1.0 FBRequestConnection.m:1274-1297).
  @Test func sdk31HasNoCategory() {
    let expired = SDKErrorView(
      status: 400, body: Array(#"{"error":{"message":"m","code":190,"error_subcode":459}}"#.utf8),
      sdkVersion: .v3_1)
    #expect(expired.category == nil)
    #expect(expired.userMessage == nil)
    #expect(expired.sessionEffect == .closeAndClearToken)
    #expect(expired.reportLines.contains { $0.contains("no FBErrorUtility before 3.2") })
    let permission = SDKErrorView(
      status: 403, body: Array(#"{"error":{"message":"m","code":200}}"#.utf8), sdkVersion: .v3_1)
    #expect(permission.sessionEffect == .none)
  }

  @Test func errorUserMessageWinsFrom317() {
    let new = SDKErrorView.classify(
      code: 506, subcode: 1_455_006, apiUserMessage: "Said that already.")
    #expect(new.userMessage == "Said that already.")
    #expect(new.shouldNotifyUser)
    let at317 = SDKErrorView.classify(
      code: 506, apiUserMessage: "Said that already.", sdkVersion: IOSSDKVersion(3, 17))
    #expect(at317.userMessage == "Said that already.")
    let old = SDKErrorView.classify(
      code: 506, subcode: 1_455_006, apiUserMessage: "Said that already.",
      sdkVersion: IOSSDKVersion(3, 16, 2))
    #expect(old.userMessage == nil)
    #expect(!old.shouldNotifyUser)
    #expect(SDKErrorView.classify(code: 10, apiUserMessage: "").userMessage == Self.grant)
  }

  /// A batch: each item its own parsed body or its own FBErrorHTTPError
  /// (FBRequestConnection.m:1066-1148, :1306-1320, :1445-1466).
  @Test func batchItemsAreReadOneByOne() {
    let answer =
      #"[{"code":200,"headers":[],"body":"{\"id\":\"1\"}"},null,"#
      + #"{"code":400,"headers":[],"body":"{\"error\":{\"message\":\"m\",\"type\":\"OAuthException\",\"code\":190,\"error_subcode\":464}}"},"#
      + #"{"code":403,"headers":[],"body":"{\"error\":{\"message\":\"(#200) x\",\"code\":200}}"}]"#
    let views = SDKErrorView.connection(status: 200, body: Array(answer.utf8), count: 4)
    #expect(views.count == 4)
    #expect(views[0].error == nil)
    #expect(views[0].result?["id"] == "1")
    #expect(views[1].error == nil && views[1].result == nil)
    #expect(views[2].error?.code == .httpError)
    #expect(views[2].category == .authenticationReopenSession)
    #expect(views[2].sessionEffect == .closeAndClearToken)
    #expect(views[3].category == .permissions)
    #expect(views[3].sessionEffect == .none)
    // A batch refused as a whole: FBErrorProtocolMismatch for every handler (:1139-1145).
    let refused = SDKErrorView.connection(
      status: 400, body: Array(#"{"error":{"message":"m","code":100}}"#.utf8), count: 2)
    #expect(refused.map { $0.error?.code } == [.protocolMismatch, .protocolMismatch])
    #expect(refused.allSatisfy { $0.category == .facebookOther && $0.sessionEffect == .none })
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
