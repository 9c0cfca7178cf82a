/// Session states as the iOS SDK 3.x names them (`FBSessionState`).
public enum SessionState: String, Sendable, Hashable, CaseIterable {
  case created = "FBSessionStateCreated"
  case createdTokenLoaded = "FBSessionStateCreatedTokenLoaded"
  case createdOpening = "FBSessionStateCreatedOpening"
  case open = "FBSessionStateOpen"
  case openTokenExtended = "FBSessionStateOpenTokenExtended"
  case closedLoginFailed = "FBSessionStateClosedLoginFailed"
  case closed = "FBSessionStateClosed"
}

/// What a session command did: the new state, the token to use from now on (`nil` once
/// closed), whose it is and what it may do.
public struct SessionChange: Sendable, Hashable {
  public var state: SessionState
  public var token: String?
  public var userID: String?
  public var userName: String?
  public var permissions: [String]

  public init(
    state: SessionState, token: String?, userID: String?, userName: String?,
    permissions: [String]
  ) {
    self.state = state
    self.token = token
    self.userID = userID
    self.userName = userName
    self.permissions = permissions
  }
}

/// A person of the world, for listings and completion.
public struct PersonSummary: Sendable, Hashable {
  public var id: String
  public var name: String
  public var username: String?
  /// Whether the person has a role on the app (may be tagged in actions).
  public var isTester: Bool
}
