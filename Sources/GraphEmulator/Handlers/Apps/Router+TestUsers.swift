import GraphAPI
import GraphJSON

/// Test users, as FBTestSession makes them: `POST <app-id>/accounts/test-users` (app token),
/// `GET` lists them with their tokens, `DELETE <test-user-id>`, and `POST <u1>/friends/<u2>`
/// with each user's token in turn makes two test users friends.
extension Router {
  mutating func testUsers(_ call: GraphCall) throws(GraphError) -> Outcome {
    let app = state.world.app
    let viewer = try Viewer.resolve(call.token, in: state.world, now: state.now).get()
    guard call.path[0] == app.id || call.path[0] == "app" else {
      throw .unsupported(call.method, id: call.path[0])
    }
    guard viewer.hasToken else { throw .tokenRequired }
    guard viewer.isApp else { throw .appTokenRequired }
    switch call.verb {
    case .post?:
      return .json(.object(try createTestUser(call)))
    case .get?:
      return try testUserPage(call)
    default:
      throw .unsupported(call.method, id: call.path[0])
    }
  }

  /// What a test user created with `installed=true` and no `permissions` grants the app.
  static let testUserDefaultPermissions = ["user_friends"]

  mutating func createTestUser(_ call: GraphCall) throws(GraphError) -> JSONObject {
    // A name is kept as `name`, `first_name` and `last_name`: a stored text, in the write
    // budget (issue 44: 300 names of 1 MB were 616 MB).
    let nameBytes = try WriteBudget.texts(["name"], of: call)
    try state.mutate { contents throws(GraphError) in
      try contents.written.admit(bytes: 2 * nameBytes, objects: 1)
    }
    // What the world says the next test user made is (its id, email and password as a
    // recording showed them), else a new one.
    let declared = state.world.app.nextTestUsers.first
    let id: String
    if let declared {
      state.mutate { $0.world.app.nextTestUsers.removeFirst() }
      id = declared.id
    } else {
      id = state.mutate { $0.newID(prefix: "10000") }
    }
    // Numbered by the id, which is never given again: Graph never gives a new test user a
    // deleted one's name, email or password (it drew them by how many test users the app had).
    let number =
      declared == nil
      ? Int(id.dropFirst(5)) ?? state.surface.testUsers.count + 1
      : state.surface.testUsers.count + 1
    let name = call["name"] ?? "Open Graph Test User \(number)"
    let parts = name.split(separator: " ").map(String.init)
    // A declared user the world already holds keeps its fields (as a recording read them).
    let known = state.world.nodes[id]?.type == .user
    let user = Node(
      id: id, type: .user,
      fields: JSONObject([
        .init(key: "name", value: .string(name)),
        .init(key: "first_name", value: .string(parts.first ?? name)),
        .init(key: "last_name", value: .string(parts.count > 1 ? parts[parts.count - 1] : "")),
        .init(key: "locale", value: "en_US"),
        // The basic-info fields every person of the world has (docs/emulator.md).
        .init(key: "link", value: .string("https://www.facebook.com/profile.php?id=\(id)")),
        .init(key: "gender", value: "female"),
        .init(key: "timezone", value: 0),
        .init(key: "updated_time", value: .string(GraphClock.iso(state.now))),
        .init(key: "verified", value: false),
      ]))
    state.mutate { contents in
      if !known { contents.world.insert(user) }
      contents.world.app.testers.insert(id)
    }
    let installed = call["installed"].map { $0 == "true" || $0 == "1" } ?? true
    var token: String?
    // The creation answers a token either way ("Upon successful creation, a login_url and
    // access_token will be returned", Application Accounts); the listing shows it only for an
    // installed test user.
    var created: String?
    if installed, let node = state.world.nodes[id] {
      state.mutate { $0.world.app.users?.insert(id) }
      var scopes = ["public_profile", "basic_info"]
      let asked = Self.scopeList(call["permissions"])
      for scope in asked.isEmpty ? Self.testUserDefaultPermissions : asked
      where !scopes.contains(scope) {
        scopes.append(scope)
      }
      token = GraphEmulator.mint(&state, user: node, scopes: scopes, as: .open).token
      created = token
    } else if let node = state.world.nodes[id] {
      state.mutate { $0.world.app.users?.remove(id) }
      created = GraphEmulator.mint(&state, user: node, scopes: ["public_profile"], as: .open).token
    }
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    var tag = ""
    var n = number * 7919 + 12_345
    for _ in 0..<7 {
      tag.append(letters[n % 26])
      n /= 3
      n += 101
    }
    let email = declared?.email ?? "open_\(tag)_user@tfbnw.net"
    let password = declared?.password ?? "emu\(tag)\(number)"
    state.mutate {
      $0.surface.testUsers.append(
        TestUser(id: id, accessToken: token, email: email, password: password))
    }
    var object = JSONObject()
    object.append("id", .string(id))
    if let created { object.append("access_token", .string(created)) }
    object.append("login_url", .string(loginURL(id, call: call)))
    object.append("email", .string(email))
    object.append("password", .string(password))
    return object
  }

  /// Graph's login URL for a test user; on `serve` a URL on the server itself (its OAuth
  /// dialog), so nothing points a client off this machine.
  func loginURL(_ id: String, call: GraphCall) -> String {
    guard PictureBytes.isLocal(call.origin) else {
      return "https://developers.facebook.com/checkpoint/test-user-login/\(id)/"
    }
    var query = QueryItems()
    query.append("client_id", state.world.app.id)
    query.append("redirect_uri", "https://www.facebook.com/connect/login_success.html")
    query.append("person", id)
    return "\(call.origin)/dialog/oauth?\(query.formEncoded)"
  }

  /// `DELETE <test-user-id>` with the app token (the route's condition: a test user's id).
  mutating func deleteTestUser(_ call: GraphCall) throws(GraphError) -> Outcome {
    let id = call.path[0]
    let viewer = try Viewer.resolve(call.token, in: state.world, now: state.now).get()
    guard viewer.hasToken else { throw .tokenRequired }
    guard viewer.isApp else { throw .appTokenRequired }
    state.mutate { contents in
      contents.surface.testUsers.removeAll { $0.id == id }
      contents.world.app.testUsers.removeAll { $0.id == id }
      contents.world.tokens = contents.world.tokens.filter { $0.value.userID != id }
      contents.world.app.testers.remove(id)
      contents.world.remove(id)
    }
    return deleted(call)
  }

  /// `POST <u1>/friends/<u2>`: the first call (u1's token) sends a friend request, the second
  /// (u2's token, `POST <u2>/friends/<u1>`) confirms it. Test users only.
  mutating func befriendTestUsers(_ call: GraphCall) throws(GraphError) -> Outcome {
    let (first, second) = (call.path[0], call.path[2])
    let testers = Set(state.surface.testUsers.map(\.id))
    let viewer = try Viewer.resolve(call.token, in: state.world, now: state.now).get()
    guard viewer.hasToken else { throw .tokenRequired }
    guard viewer.userID == first else {
      throw .permissionError("(#200) You do not have permission to make this friend request")
    }
    guard testers.contains(first), testers.contains(second), first != second else {
      throw .parameter("Both users must be test users of the app")
    }
    state.mutate { contents in
      if contents.surface.pendingFriendships.remove("\(second)>\(first)") != nil {
        contents.world.link(first, "friends", second)
        contents.world.link(second, "friends", first)
      } else if !contents.world.edge(first, "friends").contains(second) {
        contents.surface.pendingFriendships.insert("\(first)>\(second)")
      }
    }
    return .bareTrue
  }
}
