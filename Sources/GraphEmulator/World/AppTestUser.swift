import GraphJSON

/// A test user of the app a world file declares (`app.test_users`, `app.next_test_users`):
/// one the app has when the emulator starts (listed by `GET <app-id>/accounts`, with its token
/// when installed), or one its next `POST <app-id>/accounts/test-users` makes, with the id,
/// email and password Graph drew for it (a world made from a recording that created test
/// users answers them as recorded).
public struct AppTestUser: Sendable, Hashable {
  /// A user node's id (a user to be made may have none yet: it is made then).
  public var id: String
  /// The user token a listing shows (one of the world's tokens, for this user); `nil`: not
  /// installed.
  public var accessToken: String?
  public var email: String?
  public var password: String?

  public init(id: String, accessToken: String? = nil, email: String? = nil, password: String? = nil)
  {
    self.id = id
    self.accessToken = accessToken
    self.email = email
    self.password = password
  }

  /// The permissions a test user made installed with none named grants the app.
  public static let installedScopes =
    ["public_profile", "basic_info"] + Router.testUserDefaultPermissions

  /// The world file's object for it.
  public var jsonValue: JSONValue {
    var object = JSONObject()
    object.append("id", .string(id))
    if let accessToken { object.append("access_token", .string(accessToken)) }
    if let email { object.append("email", .string(email)) }
    if let password { object.append("password", .string(password)) }
    return .object(object)
  }
}

extension WorldDecoder {
  /// The test users at `location` (absent: none). Each id is a user node, or, for users still
  /// to be made (`existing: false`), no node or a user node; a token is a user token of the
  /// world for that user. Ids are not repeated across both lists.
  func testUsers(
    _ value: JSONValue?, _ location: String, existing: Bool, nodes: [String: Node],
    tokens: [String: TokenRecord], seen: inout Set<String>
  ) throws(EmulatorError) -> [AppTestUser] {
    guard let value, !value.isNull else { return [] }
    guard let items = value.arrayValue else {
      throw fail(location, "expected an array of test users, found \(value.kindName)")
    }
    var users: [AppTestUser] = []
    for (i, item) in items.enumerated() {
      let at = "\(location)[\(i)]"
      guard item.objectValue != nil else {
        throw fail(at, "expected an object, found \(item.kindName)")
      }
      let id = try string(item["id"], "\(at).id")
      let node = nodes[id]
      if node.map({ $0.type != .user }) ?? existing {
        throw fail("\(at).id", "no user with id \(id)")
      }
      guard seen.insert(id).inserted else { throw fail("\(at).id", "duplicate test user \(id)") }
      func optional(_ name: String) throws(EmulatorError) -> String? {
        guard let field = item[name], !field.isNull else { return nil }
        return try string(field, "\(at).\(name)")
      }
      let token = try optional("access_token")
      if let token, tokens[token]?.userID != id || tokens[token]?.kind != .user {
        throw fail("\(at).access_token", "not a user token of the world for \(id)")
      }
      users.append(
        AppTestUser(
          id: id, accessToken: token, email: try optional("email"),
          password: try optional("password")))
    }
    return users
  }
}
