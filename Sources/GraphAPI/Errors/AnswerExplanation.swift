/// Everything `explain` says about one answer: the Graph error (if any) with its catalogue
/// entry, how the iOS SDK 3.x reports it, and how the Android 3.x and PHP SDKs classify it.
public struct AnswerExplanation: Sendable, Hashable {
  public var status: Int
  /// The error in the body, if any.
  public var error: GraphErrorBody?
  /// The catalogue entry for the error's code and subcode, if known.
  public var entry: ErrorCatalogueEntry?
  /// How the iOS SDK 3.x reports the answer.
  public var sdk: SDKErrorView
  /// The Android SDK 3.x category, for an error.
  public var android: AndroidErrorCategory?
  /// The PHP SDK exception, for an error.
  public var php: PHPSDKException?
  /// How the iOS SDK 4+ (FBSDKCoreKit) reports a Graph error.
  public var coreKit: CoreKitErrorView?

  public init(response: HTTPResponse, sdkVersion: IOSSDKVersion = .v3_24) {
    status = response.status
    sdk = SDKErrorView(response: response, sdkVersion: sdkVersion)
    error = sdk.graphError
    entry = error.flatMap(ErrorCatalogue.entry(for:))
    coreKit = CoreKitErrorView(status: response.status, body: response.body)
    if let error {
      android = AndroidErrorCategory(
        code: error.code, subcode: error.subcode, httpStatus: response.status)
      php = PHPSDKException(code: error.code, subcode: error.subcode, type: error.type)
    } else if sdk.error != nil {
      android = AndroidErrorCategory(code: nil, subcode: nil, httpStatus: response.status)
    }
  }

  /// The explanation as plain text lines (no colour), ready to print.
  public var lines: [String] {
    var lines: [String] = []
    if let error {
      let type = error.type.map { " (\($0))" } ?? ""
      lines.append("Error \(error.codeLabel)\(type), HTTP \(status): \(error.message)")
      if let title = error.userTitle { lines.append("  error_user_title: \(title)") }
      if let message = error.userMessage { lines.append("  error_user_msg: \(message)") }
      if error.isTransient == true { lines.append("  is_transient: true (retrying may work)") }
      if let trace = error.fbtraceID { lines.append("  fbtrace_id: \(trace)") }
      if let entry {
        lines += [
          "What it is (\(entry.label)): \(entry.title)",
          "  Meaning: \(entry.meaning)",
          "  Likely cause: \(entry.likelyCause)",
          "  Fix: \(entry.fix)",
        ]
      } else {
        lines.append("Code \(error.codeLabel) is not in the error catalogue.")
      }
    } else if sdk.error != nil {
      lines.append("HTTP \(status) without a Graph error body.")
    } else {
      lines.append("HTTP \(status): not an error.")
    }
    lines += sdk.reportLines
    if let coreKit { lines += coreKit.reportLines }
    if let android {
      lines.append(
        "Android SDK 3.x: \(android.rawValue)"
          + (php.map { "; PHP SDK 4.x-5.x: \($0.rawValue)" } ?? ""))
    }
    return lines
  }
}
