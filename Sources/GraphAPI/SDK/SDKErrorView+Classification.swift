extension SDKErrorView {
  /// What `FBErrorUtility` derives from an HTTP error (`FBErrorHTTPError`).
  public struct Classification: Sendable, Hashable {
    public var category: FBErrorCategory
    public var shouldNotifyUser: Bool
    public var userMessage: String?

    public init(
      category: FBErrorCategory, shouldNotifyUser: Bool = false, userMessage: String? = nil
    ) {
      self.category = category
      self.shouldNotifyUser = shouldNotifyUser
      self.userMessage = userMessage
    }
  }

  /// The SDK's user messages (its `FBE:` localisation keys' English defaults).
  public enum UserMessage {
    public static let accountLocked =
      "Your Facebook account is locked. Please log into www.facebook.com to continue."
    public static let reconnect =
      "Please log into this app again to reconnect your Facebook account."
    public static let passwordChanged =
      "Your Facebook password has changed. Please log into this app again to reconnect your Facebook account."
    public static let grantPermission =
      "This app doesn\u{2019}t have permission to do this. To change permissions, try logging into the app again."
  }

  /// Classifies a code-5 error by the Graph `code` and `error_subcode` in its body.
  ///
  /// 190 or 102 → ReopenSession (subcodes 459 and 464 → Retry, "account locked", notify YES;
  /// 458 and 463 → "log in again"; 460 → "password changed"); 1 or 2 → Server; 4 or 17 →
  /// Throttling; 10 or 200-299 → Permissions with its message; anything else → FacebookOther.
  /// From 3.24 a non-empty `error_user_msg` becomes the message and forces notify YES.
  public static func classify(
    code: Int?, subcode: Int? = nil, apiUserMessage: String? = nil,
    sdkVersion: IOSSDKVersion = .v3_24
  ) -> Classification {
    var result: Classification
    switch code {
    case 190?, 102?:
      switch subcode {
      case 459?, 464?:
        result = .init(
          category: .retry, shouldNotifyUser: true, userMessage: UserMessage.accountLocked)
      case 458?, 463?:
        result = .init(category: .authenticationReopenSession, userMessage: UserMessage.reconnect)
      case 460?:
        result = .init(
          category: .authenticationReopenSession, userMessage: UserMessage.passwordChanged)
      default:
        result = .init(category: .authenticationReopenSession)
      }
    case 1?, 2?:
      result = .init(category: .server)
    case 4?, 17?:
      result = .init(category: .throttling)
    case 10?, (200...299)?:
      result = .init(category: .permissions, userMessage: UserMessage.grantPermission)
    default:
      result = .init(category: .facebookOther)
    }
    if sdkVersion.honoursErrorUserMessage, let apiUserMessage, !apiUserMessage.isEmpty {
      result.userMessage = apiUserMessage
      result.shouldNotifyUser = true
    }
    return result
  }

  /// The category of a failed login (`FBErrorLoginFailedOrCancelled`): a cancel is
  /// UserCancelled, any other failure Retry.
  public static func loginFailureCategory(cancelled: Bool) -> FBErrorCategory {
    cancelled ? .userCancelled : .retry
  }
}
