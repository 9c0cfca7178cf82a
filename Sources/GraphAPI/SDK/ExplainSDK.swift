import GraphJSON

/// The SDK views `explain` can show (`explain --sdk NAME`), each labelled with the SDK
/// versions it models.
public enum ExplainSDK: String, Sendable, Hashable, CaseIterable {
  /// The iOS SDK 3.x (`FBErrorCategory`, `fberrorUserMessage`).
  case ios3
  /// The iOS SDK 4 and later (FBSDKCoreKit, `FBSDKGraphRequestError`).
  case ios
  /// The Android SDK 3.x (`FacebookRequestError.Category`).
  case android
  /// The PHP SDK 4.x and 5.x (the exception thrown).
  case php
  /// The JavaScript SDK (`FB.api`'s callback).
  case js

  /// The words `--sdk` accepts, for help and completion.
  public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }

  /// The lines this SDK's view adds for an answer with `status` and `body`.
  public func lines(status: Int, body: [UInt8]) -> [String] {
    let error = GraphErrorBody(json: SDKErrorView.parse(body))
    switch self {
    case .ios3:
      let view = SDKErrorView(status: status, body: body)
      guard view.error != nil else { return view.reportLines }
      // 3.0-3.1 have no FBErrorUtility: the same NSError, no category, and the session
      // closed on 190 or 102 only.
      let old = SDKErrorView(status: status, body: body, sdkVersion: .v3_1)
      let session =
        old.sessionEffect == .closeAndClearToken ? "closed and token cleared" : "stays open"
      return view.reportLines + [
        "iOS SDK 3.0-3.1: the same NSError without fberrorCategory or a user message (no FBErrorUtility); session: \(session)"
      ]
    case .ios:
      guard let view = CoreKitErrorView(status: status, body: body) else {
        return [
          status >= 200 && status < 300
            ? "iOS SDK 4+ (FBSDKCoreKit): the completion handler gets the result and error = nil"
            : "iOS SDK 4+ (FBSDKCoreKit): an NSError without a Graph error body"
        ]
      }
      return view.reportLines
    case .android:
      guard status < 200 || status >= 300 || error != nil else {
        return ["Android SDK 3.x: no FacebookRequestError (a success)"]
      }
      let category = AndroidErrorCategory(
        code: error?.code, subcode: error?.subcode, httpStatus: status)
      return ["Android SDK 3.x: FacebookRequestError category \(category.rawValue)"]
    case .php:
      guard let error else { return ["PHP SDK 4.x-5.x: no exception (no Graph error)"] }
      let exception = PHPSDKException(code: error.code, subcode: error.subcode, type: error.type)
      return ["PHP SDK 4.x-5.x: throws \(exception.rawValue)"]
    case .js:
      let parsed = SDKErrorView.parse(body)
      guard let inner = parsed["error"] else {
        return ["JavaScript SDK: FB.api calls back with the parsed answer (no response.error)"]
      }
      return ["JavaScript SDK: FB.api calls back with response.error = \(inner.compactText)"]
    }
  }
}
