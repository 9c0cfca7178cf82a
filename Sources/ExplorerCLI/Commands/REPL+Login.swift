import GraphEmulator

/// `login`, `grant`, `revoke`, `logout`, `reset`: the emulator's session, as FBSession sees it.
extension REPL {
  func login(_ person: String?, _ permissions: [String]) throws(ExplorerError) -> String {
    let emulator = try requireEmulator("login")
    let who = person ?? emulator.world.defaultUserID
    do {
      return apply(try emulator.login(who, permissions: permissions))
    } catch {
      if case .unknownPermission(let name) = error { throw .failed(unknownPermission(name)) }
      guard case .unknownPerson = error else { throw .failed("\(error)") }
      let people = emulator.people
      // `login` takes a first name as well as a username: both are near-miss candidates.
      let firstNames = people.compactMap { $0.name.split(separator: " ").first?.lowercased() }
      throw .failed(
        Self.unknownPerson(
          who, among: people.compactMap(\.username), alsoAccepted: firstNames,
          permissions: knownPermissions))
    }
  }

  /// `no person 'bbo' in the world: did you mean bob? People: alice, bob, ... (Tab after
  /// 'login ' lists them all)`: at most ten names, so a generated world of thousands stays one line.
  /// A word close to one of `permissions` and to no person is taken for a mistyped permission:
  /// `did you mean the permission publish_actions? (login [<person>] <permission> ...)`.
  static func unknownPerson(
    _ name: String, among people: [String], alsoAccepted: [String] = [],
    permissions: [String] = []
  ) -> String {
    var text = "no person '\(name)' in the world"
    if let near = Suggestion.closest(to: name, among: people + alsoAccepted) {
      text += ": did you mean \(near)?"
    } else if let near = Suggestion.closest(to: name, among: permissions) {
      text += ": did you mean the permission \(near)? (login [<person>] <permission> ...)"
    }
    let shown = people.prefix(10).joined(separator: ", ")
    let more =
      people.count > 10 ? ", ... (\(people.count) people; Tab after 'login ' lists them)" : ""
    return text + (people.isEmpty ? "; the world has no people" : "; people: \(shown)\(more)")
  }

  func grant(_ permissions: [String]) throws(ExplorerError) -> String {
    let emulator = try requireEmulator("grant")
    do {
      return apply(try emulator.grant(permissions, token: session.token ?? ""))
    } catch {
      if case .unknownPermission(let name) = error { throw .failed(unknownPermission(name)) }
      throw .failed("\(error)")
    }
  }

  func revoke(_ permissions: [String]) throws(ExplorerError) -> String {
    let emulator = try requireEmulator("revoke")
    do {
      return apply(try emulator.revoke(permissions, token: session.token ?? ""))
    } catch {
      if case .unknownPermission(let name) = error { throw .failed(unknownPermission(name)) }
      throw .failed("\(error)")
    }
  }

  func logout() throws(ExplorerError) -> String {
    apply(try requireEmulator("logout").logout(token: session.token))
  }

  func reset() throws(ExplorerError) -> String {
    let emulator = try requireEmulator("reset")
    emulator.reset()
    session.token = emulator.defaultToken
    return "world reset: default user's token"
  }

  /// Takes the session change's token; describes it as FBSession would log it.
  private func apply(_ change: SessionChange) -> String {
    session.token = change.token
    var note = change.state.rawValue
    if let name = change.userName, let id = change.userID { note += " · \(name) (\(id))" }
    if change.token != nil { note += " · " + change.permissions.joined(separator: ", ") }
    return note
  }

  private func requireEmulator(_ command: String) throws(ExplorerError) -> GraphEmulator {
    // The session's own emulator only while it is the target: a token made there means
    // nothing to another target (issue 29).
    guard let emulator = session.target.emulator else {
      throw .failed(
        "\(command) works on the emulator; this session's target is \(session.targetName)")
    }
    return emulator
  }
}
