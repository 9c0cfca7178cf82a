/// The Facebook SDK a request's `User-Agent` names, for the serve log:
///
/// - `FBiOSSDK.3.24.4`: the iOS SDK 3.x (FBRequestConnection.m `userAgent`, `FBiOSSDK.` +
///   FB_IOS_SDK_VERSION_STRING; an app may append its own suffix after a space).
/// - `FBAndroidSDK.3.23.1`: the Android SDK 3.x (Request.java `getUserAgent`, `FBAndroidSDK.` +
///   FacebookSdkVersion.BUILD).
/// - `FacebookConnect`: the legacy iOS SDK (FBRequest.m `kUserAgent`, tag v1.last), no version.
public struct SDKUserAgent: Sendable, Hashable, CustomStringConvertible {
  /// Which SDK.
  public enum Platform: String, Sendable, Hashable {
    case iOS = "iOS SDK"
    case android = "Android SDK"
    case legacyIOS = "legacy iOS SDK (FacebookConnect)"
  }

  public var platform: Platform
  /// The version the agent names (`3.24.4`); `nil` for the legacy SDK.
  public var version: String?

  /// The SDK `userAgent` names, or `nil` for any other client.
  public init?(_ userAgent: String?) {
    guard let userAgent, userAgent.utf8.first == UInt8(ascii: "F") else { return nil }
    let first = userAgent.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
    if first == "FacebookConnect" {
      platform = .legacyIOS
      version = nil
      return
    }
    for (prefix, platform) in [("FBiOSSDK.", Platform.iOS), ("FBAndroidSDK.", .android)] {
      guard first.hasPrefix(prefix) else { continue }
      let version = first.dropFirst(prefix.count)
      guard !version.isEmpty, version.count <= 32,
        version.allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLetter || $0 == "." || $0 == "-") })
      else { return nil }
      self.platform = platform
      self.version = String(version)
      return
    }
    return nil
  }

  /// `iOS SDK 3.24.4`, `Android SDK 3.23.1`, `legacy iOS SDK (FacebookConnect)`.
  public var description: String {
    platform.rawValue + (version.map { " " + $0 } ?? "")
  }
}
