/// The app the tokens belong to.
public struct AppInfo: Sendable, Hashable {
  public var id: String
  public var name: String
  public var namespace: String
  /// The app secret: used only to check `appsecret_proof`, never printed in answers.
  public var secret: String
  /// The version an unversioned call is served by.
  public var defaultVersion: GraphVersion
  /// Whether calls with a user token must carry `appsecret_proof`.
  public var requiresAppSecretProof: Bool
  /// People with a role on the app (developers, testers): the only ones an action may tag.
  public var testers: Set<String>
  /// Open Graph action types of the app (`eat`), each with its object property (`meal`).
  public var actionTypes: [String: String]
  /// People who use the app (from v2.0 the only friends `friends` lists); `nil`: everyone.
  public var users: Set<String>?
  /// The app's client token (`APPID|CLIENTTOKEN`, FacebookClientToken in an iOS app's plist):
  /// what the iOS SDK 3.24 sends for app events when nobody is logged in.
  public var clientToken: String?
  /// The app's test users when the emulator starts (`app.test_users`), in Graph's order.
  public var testUsers: [AppTestUser] = []
  /// What the app's next test users made are (`app.next_test_users`), in order.
  public var nextTestUsers: [AppTestUser] = []
  /// The permissions approved for the app (`app.permissions`); `nil`: those any app has.
  public var permissions: [AppPermission]?

  public init(
    id: String, name: String, namespace: String, secret: String, defaultVersion: GraphVersion,
    requiresAppSecretProof: Bool = false, testers: Set<String> = [],
    actionTypes: [String: String] = [:], users: Set<String>? = nil, clientToken: String? = nil
  ) {
    self.id = id
    self.name = name
    self.namespace = namespace
    self.secret = secret
    self.defaultVersion = defaultVersion
    self.requiresAppSecretProof = requiresAppSecretProof
    self.testers = testers
    self.actionTypes = actionTypes
    self.users = users
    self.clientToken = clientToken
  }
}
