/// The REPL's session commands, mirroring FBSession: `login` (open), `grant`
/// (requestNewPublishPermissions / requestNewReadPermissions), `revoke`, `logout` (close).
extension GraphEmulator {
  /// Every permission name the emulator knows, sorted.
  public static let permissionNames: [String] = [
    "basic_info", "email", "friends_birthday", "friends_checkins", "friends_hometown",
    "friends_location", "friends_photos", "manage_pages", "offline_access", "photo_upload",
    "public_profile", "publish_actions", "publish_checkins", "publish_stream",
    "read_friendlists", "read_stream", "rsvp_event", "user_birthday", "user_checkins",
    "user_events", "user_friends", "user_hometown", "user_likes", "user_location",
    "user_photos", "user_posts", "user_relationship_details", "user_status", "user_tagged_places",
  ]

  /// The people of the world, sorted by id.
  public var people: [PersonSummary] {
    withState { state in
      state.world.people.map {
        PersonSummary(
          id: $0.id, name: $0.string("name") ?? $0.id, username: $0.string("username"),
          isTester: state.world.app.testers.contains($0.id))
      }
    }
  }

  /// The name of the node `id` (a person, a Page), looked up alone (a generated world's
  /// 200,000 people are not listed for it); `nil` when there is no such node.
  public func name(of id: String) -> String? {
    withState { state in
      state.world.nodes[id].map { $0.string("name") ?? id }
    }
  }

  /// The named test tokens of the world (documented in docs/emulator.md), sorted by name.
  public var testTokens: [TokenRecord] { withState { $0.world.testTokens } }

  /// The record of `token` if the emulator issued it (a test token or a minted one).
  public func tokenRecord(_ token: String) -> TokenRecord? {
    withState { $0.world.tokens[token] }
  }

  /// Opens a session for `person` (id, username, first name or full name, case-insensitive)
  /// with `public_profile` plus `permissions` and whatever the person granted the app before;
  /// re-authorises the app if the person had
  /// removed it. Returns a freshly minted token and `FBSessionStateOpen`.
  public func login(_ person: String, permissions: [String] = []) throws(EmulatorError)
    -> SessionChange
  {
    try validate(permissions)
    return try withState { (state: inout EmulatorState) throws(EmulatorError) -> SessionChange in
      guard let user = Self.findPerson(person, in: state.world) else {
        throw .unknownPerson(person)
      }
      state.mutate { contents in
        contents.world.deauthorized.remove(user.id)
        contents.world.app.users?.insert(user.id)
      }
      let scopes = Self.adding(permissions, to: ["public_profile", "basic_info"])
      return Self.mint(&state, user: user, scopes: scopes, as: .open)
    }
  }

  /// Adds `permissions` to the session of `token`: mints a new token (the SDK's
  /// `FBSessionStateOpenTokenExtended`).
  public func grant(_ permissions: [String], token: String) throws(EmulatorError)
    -> SessionChange
  {
    try validate(permissions)
    return try withState { (state: inout EmulatorState) throws(EmulatorError) -> SessionChange in
      guard let record = state.world.tokens[token], record.kind == .user,
        let userID = record.userID, let user = state.world.nodes[userID]
      else { throw .notLoggedIn(command: "grant") }
      let scopes = Self.adding(permissions, to: record.scopes)
      return Self.mint(&state, user: user, scopes: scopes, as: .openTokenExtended)
    }
  }

  /// Removes `permissions` from `token` and from the person's grants, as `DELETE
  /// me/permissions/<name>` does; the token stays the same and the session open.
  public func revoke(_ permissions: [String], token: String) throws(EmulatorError)
    -> SessionChange
  {
    try validate(permissions)
    return try withState { (state: inout EmulatorState) throws(EmulatorError) -> SessionChange in
      guard var record = state.world.tokens[token], record.kind == .user,
        let userID = record.userID
      else { throw .notLoggedIn(command: "revoke") }
      if let missing = permissions.first(where: { !record.scopes.contains($0) }) {
        throw .notGranted(missing, granted: record.scopes)
      }
      state.revokeGrants(permissions, userID: userID)
      record.scopes.removeAll { permissions.contains($0) }
      return SessionChange(
        state: .open, token: token, userID: userID,
        userName: state.world.nodes[userID]?.string("name"), permissions: record.scopes)
    }
  }

  /// The permissions `token` holds, `nil` when it is no user token of this emulator.
  public func grantedPermissions(token: String) -> [String]? {
    withState { state in
      guard let record = state.world.tokens[token], record.kind == .user else { return nil }
      return record.scopes
    }
  }

  /// Closes the session of `token`, as `closeAndClearTokenInformation` does: the client
  /// forgets the token (Graph itself still accepts it).
  public func logout(token: String?) -> SessionChange {
    withState { state in
      let record = token.flatMap { state.world.tokens[$0] }
      return SessionChange(
        state: .closed, token: nil, userID: record?.userID,
        userName: record?.userID.flatMap { state.world.nodes[$0]?.string("name") },
        permissions: [])
    }
  }

  private func validate(_ permissions: [String]) throws(EmulatorError) {
    for permission in permissions where !Self.permissionNames.contains(permission) {
      throw .unknownPermission(permission)
    }
  }

  static func findPerson(_ text: String, in world: World) -> Node? {
    let key = text.lowercased()
    if let node = world.nodes[text], node.type == .user { return node }
    if let id = world.usernames[key], let node = world.nodes[id], node.type == .user {
      return node
    }
    if let named = world.tokens.values.first(where: { $0.name == key }), let id = named.userID {
      return world.nodes[id]
    }
    return world.firstPerson {
      $0.string("first_name")?.lowercased() == key || $0.string("name")?.lowercased() == key
    }
  }

  static func mint(
    _ state: inout EmulatorState, user: Node, scopes: [String], as sessionState: SessionState
  ) -> SessionChange {
    // The token holds everything the person has granted the app, not only what this login
    // asked (Graph keeps grants per person and app).
    let scopes = state.recordGrants(user.id, granted: scopes)
    let first = user.string("first_name") ?? "User"
    let suffix = state.secrets.suffix()
    let token = state.mutate { contents in
      let token =
        "CAAEmu\(first.filter { $0.isASCII && $0.isLetter })ZS\(contents.nextToken)" + suffix
      contents.nextToken += 1
      contents.world.addToken(
        TokenRecord(token: token, kind: .user, userID: user.id, scopes: scopes))
      return token
    }
    return SessionChange(
      state: sessionState, token: token, userID: user.id, userName: user.string("name"),
      permissions: scopes)
  }
}

extension GraphEmulator {
  /// The app events logged in this session (`POST <app-id>/activities`), oldest first.
  public var appEvents: [AppEvent] { withState { $0.surface.appEvents } }

  /// `scopes` followed by those of `permissions` it lacks, in their order.
  static func adding(_ permissions: [String], to scopes: [String]) -> [String] {
    var all = scopes
    for permission in permissions where !all.contains(permission) { all.append(permission) }
    return all
  }
}
