import GraphAPI

/// `GET me --as ios-3.24`: the request as an SDK would put it on the wire, byte for byte
/// (GraphAPI's `IOSSDKWire`, `AndroidSDKWire` and `LegacySDKWire`), sent to the target or, with
/// `--offline`, printed: its URL with `format=json&sdk=ios` (`sdk=android`), the multipart
/// `Content-Type` on every method, the body never closed with `--B--`.
enum SDKWireForm: String, Sendable, CaseIterable {
  /// The iOS SDK 3.1.0 (3.0-3.13's form: unversioned, `migration_bundle`).
  case ios31 = "ios-3.1"
  /// The iOS SDK 3.24.4 (3.14-3.24's form: `/v2.2`).
  case ios324 = "ios-3.24"
  /// The legacy `Facebook` class (FBConnect, tag v1.last): `sdk_version=2`.
  case legacy
  /// The Android SDK 3.0 (unversioned, `migration_bundle=fbsdk:20121026`).
  case android30 = "android-3.0"
  /// The Android SDK 3.22 (`/v2.2`, `Accept-Language`).
  case android322 = "android-3.22"

  /// The names `--as` accepts, for help and errors.
  static var names: String { allCases.map(\.rawValue).joined(separator: "|") }

  /// The request `graph` as this SDK sends it. The SDK sets its own version (none for 3.1 and
  /// the legacy SDK, `v2.2` for 3.24) and headers; the session's version and header items are
  /// not used, and it never sends `appsecret_proof`. A file upload of an `image/` type is a
  /// `UIImage` part, any other an `NSData` part.
  func request(_ graph: GraphRequest, appID: String) -> HTTPRequest {
    let path = graph.path.hasPrefix("/") ? String(graph.path.dropFirst()) : graph.path
    var parameters = graph.parameters.map {
      (name: $0.name, value: IOSSDKRequest.Value.string($0.value))
    }
    for upload in graph.uploads {
      let bytes = upload.bytes
      parameters.append(
        (upload.name, upload.contentType.hasPrefix("image/") ? .image(bytes) : .data(bytes)))
    }
    switch self {
    case .legacy:
      return LegacySDKWire(appID: appID).graph(
        path, parameters, method: graph.method, token: graph.accessToken)
    case .ios31, .ios324, .android30, .android322:
      let request = IOSSDKRequest(
        .graph(path), parameters: parameters, method: graph.method,
        accessToken: graph.accessToken)
      switch self {
      case .ios31: return IOSSDKWire(.v3_1).connection([request], appID: appID)
      case .android30: return AndroidSDKWire(.v3_0).connection([request], appID: appID)
      case .android322: return AndroidSDKWire(.v3_22).connection([request], appID: appID)
      default: return IOSSDKWire(.v3_24).connection([request], appID: appID)
      }
    }
  }

  /// The bytes as text (`SDKWireMessage.displayText`), each form of `token` masked unless
  /// `unmasked` (`--with-token`): as it is (a form part) and percent-escaped (the URL).
  static func text(_ request: HTTPRequest, token: String?, unmasked: Bool) -> String {
    var text = SDKWireMessage(request).displayText
    if !unmasked {
      text = Redaction.redactParameters(text)
      if let token, !token.isEmpty {
        for form in Set([IOSSDKWire.percentEscaped(token), token]) {
          text = text.replacingOccurrences(of: form, with: Redaction.mask(token))
        }
      }
    }
    return text
  }
}
