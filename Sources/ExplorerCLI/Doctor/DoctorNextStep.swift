import GraphAPI

/// What the iOS SDK 3.x does, and leaves the app to do, after an error of each
/// `FBErrorCategory` (`FBErrorUtility`; the session effect is `SDKErrorView`'s).
enum DoctorNextStep {
  /// One sentence for `view`'s category, with the user message the SDK offers.
  static func text(for view: SDKErrorView) -> String {
    var text: String
    switch view.category {
    case .authenticationReopenSession?:
      text =
        "the SDK closes the session and clears the token (closeAndClearTokenInformation); the app must open a new session (log in again)"
    case .retry?:
      text = "the session stays open; the app should tell the user and retry"
    case .permissions?:
      text =
        "the session stays open; the app should ask for the missing permission (requestNewPublishPermissions / requestNewReadPermissions) and retry"
    case .server?:
      text = "the session stays open; a failure on Facebook's side: retry later"
    case .throttling?:
      text = "the session stays open; the app is throttled: back off and retry later"
    case .userCancelled?:
      text = "the user cancelled: nothing to do"
    case .facebookOther?, .badRequest?, .invalid?:
      text = "the session stays open; no recovery: the request itself is wrong and must be fixed"
    case nil:
      text = "no error for the SDK (an error body with HTTP 200, as with suppress_http_code=1)"
    }
    if view.shouldNotifyUser, let message = view.userMessage {
      text += "; shows the user \"\(message)\""
    } else if let message = view.userMessage {
      text += "; fberrorUserMessage: \"\(message)\""
    }
    return text
  }
}
