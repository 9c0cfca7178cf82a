/// The iOS SDK 3.x `FBErrorCategory` (`FBErrorUtility` / `error.fberrorCategory`), same raw values.
public enum FBErrorCategory: Int, Sendable, Hashable, CaseIterable {
  case invalid = 0
  case retry = 1
  case authenticationReopenSession = 2
  case permissions = 3
  case server = 4
  case throttling = 5
  case userCancelled = 6
  case facebookOther = -1
  case badRequest = -2

  /// The Objective-C constant's name, e.g. `FBErrorCategoryPermissions`.
  public var name: String {
    switch self {
    case .invalid: return "FBErrorCategoryInvalid"
    case .retry: return "FBErrorCategoryRetry"
    case .authenticationReopenSession: return "FBErrorCategoryAuthenticationReopenSession"
    case .permissions: return "FBErrorCategoryPermissions"
    case .server: return "FBErrorCategoryServer"
    case .throttling: return "FBErrorCategoryThrottling"
    case .userCancelled: return "FBErrorCategoryUserCancelled"
    case .facebookOther: return "FBErrorCategoryFacebookOther"
    case .badRequest: return "FBErrorCategoryBadRequest"
    }
  }
}

/// The iOS SDK 3.x `FBErrorCode` values an app sees in `error.code` (domain `com.facebook.sdk`).
public enum FBErrorCode: Int, Sendable, Hashable, CaseIterable {
  case invalid = 0
  case operationCancelled = 1
  case loginFailedOrCancelled = 2
  case requestConnectionApi = 3
  case protocolMismatch = 4
  case httpError = 5
  case nonTextMimeTypeReturned = 6

  /// The Objective-C constant's name, e.g. `FBErrorHTTPError`.
  public var name: String {
    switch self {
    case .invalid: return "FBErrorInvalid"
    case .operationCancelled: return "FBErrorOperationCancelled"
    case .loginFailedOrCancelled: return "FBErrorLoginFailedOrCancelled"
    case .requestConnectionApi: return "FBErrorRequestConnectionApi"
    case .protocolMismatch: return "FBErrorProtocolMismatch"
    case .httpError: return "FBErrorHTTPError"
    case .nonTextMimeTypeReturned: return "FBErrorNonTextMimeTypeReturned"
    }
  }
}
