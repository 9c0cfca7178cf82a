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

  /// The SDK's user messages (its `FBE:` localisation keys' English defaults, which the SDK
  /// shows as they are: it ships no strings table).
  public enum UserMessage {
    /// `FBE:WebLogIn` and `FBE:Unconfirmed`.
    public static let accountLocked =
      "Your Facebook account is locked. Please log into www.facebook.com to continue."
    /// `FBE:ReconnectApplication` and `FBE:AppNotInstalled`.
    public static let reconnect =
      "Please log into this app again to reconnect your Facebook account."
    /// `FBE:PasswordChanged` (a web-login session).
    public static let passwordChanged =
      "Your Facebook password has changed. Please log into this app again to reconnect your Facebook account."
    /// `FBE:PasswordChangedDevice` (the SDK-internal subcode 65001).
    public static let passwordChangedDevice =
      "Your Facebook password has changed. To confirm your password, open Settings > Facebook and tap your name."
    /// `FBE:GrantPermission` from 3.9 (an ASCII apostrophe).
    public static let grantPermission =
      "This app doesn't have permission to do this. To change permissions, try logging into the app again."
    /// `FBE:GrantPermission` in 3.2-3.8 (a typographic apostrophe).
    public static let grantPermissionBefore39 =
      "This app doesn\u{2019}t have permission to do this. To change permissions, try logging into the app again."
  }

  /// FBErrorUtility's subcode rules for a 190 or 102 (AuthenticationReopenSession), a
  /// web-login session: the same in every release from 3.2.0 to 3.24.4. Line numbers are
  /// 3.24.4's src/Core/FBErrorUtility.m; a subcode not listed keeps ReopenSession with no
  /// message (:179-187, the system-account branch aside).
  static let reopenSessionSubcodes: [Int: Classification] = [
    // :143-145 FBSDKRetryErrorSubcode (SDK-internal): the one subcode besides 459 that retries.
    65000: .init(category: .retry),
    // :146-151 FBAuthSubcodeExpired.
    463: .init(category: .authenticationReopenSession, userMessage: UserMessage.reconnect),
    // :152-158 FBSDKSystemPasswordErrorSubcode (SDK-internal).
    65001: .init(
      category: .authenticationReopenSession, shouldNotifyUser: true,
      userMessage: UserMessage.passwordChangedDevice),
    // :153, :159-162 FBAuthSubcodePasswordChanged.
    460: .init(category: .authenticationReopenSession, userMessage: UserMessage.passwordChanged),
    // :164-169 FBAuthSubcodeUserCheckpointed.
    459: .init(category: .retry, shouldNotifyUser: true, userMessage: UserMessage.accountLocked),
    // :170-174 FBAuthSubcodeUnconfirmedUser: the session is still closed.
    464: .init(
      category: .authenticationReopenSession, shouldNotifyUser: true,
      userMessage: UserMessage.accountLocked),
    // :175-178 FBAuthSubcodeAppNotInstalled.
    458: .init(category: .authenticationReopenSession, userMessage: UserMessage.reconnect),
  ]

  /// Classifies a code-5 error (`FBErrorHTTPError`) by the Graph `code` and `error_subcode`
  /// in its body, as FBErrorUtility.m `fberrorCategoryFromError:code:subcode:...` does
  /// (3.24.4 src/Core/FBErrorUtility.m:126-135 for the code, :141-188 for the subcode):
  /// 190 or 102 → ReopenSession, with `reopenSessionSubcodes`; 1 or 2 → Server; 4 or 17 →
  /// Throttling; 10 or 200-299 → Permissions with `FBE:GrantPermission`; anything else →
  /// FacebookOther. From 3.17 a non-empty `error_user_msg` becomes the message and forces
  /// notify YES (:228-234). Before 3.2 there is no FBErrorUtility: see `hasErrorUtility`.
  public static func classify(
    code: Int?, subcode: Int? = nil, apiUserMessage: String? = nil,
    sdkVersion: IOSSDKVersion = .v3_24
  ) -> Classification {
    var result: Classification
    switch code {
    case 190?, 102?:
      result =
        subcode.flatMap { reopenSessionSubcodes[$0] }
        ?? .init(category: .authenticationReopenSession)
    case 1?, 2?:
      result = .init(category: .server)
    case 4?, 17?:
      result = .init(category: .throttling)
    case 10?, (200...299)?:
      result = .init(
        category: .permissions,
        userMessage: sdkVersion >= IOSSDKVersion(3, 9)
          ? UserMessage.grantPermission : UserMessage.grantPermissionBefore39)
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
