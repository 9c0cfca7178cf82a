/// What the login, app and dialog surface remembers: OAuth codes, app requests, app events,
/// test users, pending friend requests between test users, uploaded photo bytes, and each
/// person's grants.
struct SurfaceState: Sendable {
  var codes: [String: AuthorizationCode] = [:]
  var nextCode = 1
  /// App requests by request id, in the order sent.
  var requests: [String: AppRequest] = [:]
  var requestOrder: [String] = []
  /// Events logged through `POST <app-id>/activities`, oldest first.
  var appEvents: [AppEvent] = []
  /// Test users by id, in creation order.
  var testUsers: [TestUser] = []
  /// Friend requests between test users not yet confirmed: (from, to).
  var pendingFriendships: Set<String> = []
  /// Uploaded photo bytes by photo id.
  var photoBytes: [String: UploadedFile] = [:]
  /// What each person granted and declined the app, by user id.
  var grants: [String: PersonGrants] = [:]
}

/// A code from the OAuth dialog: single-use, bound to its redirect_uri, expiring.
struct AuthorizationCode: Sendable, Hashable {
  var code: String
  var userID: String
  var scopes: [String]
  var redirectURI: String
  var expiresAt: Int
  var used = false
}

/// One app request from `/dialog/apprequests`.
struct AppRequest: Sendable, Hashable {
  var id: String
  var fromID: String
  /// Recipients who have not deleted it.
  var recipients: [String]
  var message: String
  var data: String?
  var createdTime: Int
}

/// One app event from `POST <app-id>/activities`.
public struct AppEvent: Sendable, Hashable {
  /// `MOBILE_APP_INSTALL` or `CUSTOM_APP_EVENTS`.
  public var event: String
  /// The custom events' `_eventName`s (empty for an install).
  public var names: [String]
  /// The `custom_events` JSON as sent.
  public var customEvents: String?
  public var advertiserID: String?
  public var advertiserTrackingEnabled: Bool?
  public var applicationTrackingEnabled: Bool?
  /// When it was logged, Unix seconds (emulated clock).
  public var time: Int

  /// `time` as Graph writes times (`2014-10-15T12:00:00+0000`).
  public var createdTime: String { GraphClock.iso(time) }
}

/// A test user made by `POST <app-id>/accounts/test-users`.
struct TestUser: Sendable, Hashable {
  var id: String
  var accessToken: String?
  var email: String
  var password: String
}
