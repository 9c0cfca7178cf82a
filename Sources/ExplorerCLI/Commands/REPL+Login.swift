import GraphAPI
import GraphEmulator

/// `login`, `grant`, `revoke`, `logout`, `reset`: the emulator's session, as FBSession sees it.
///
/// The session's emulator acts them while it is the target and while a cassette is replayed
/// (the people, test tokens and permissions are the world's), so a recorded session replays
/// printing what it printed. While recording or replaying, `login`, `grant` and `revoke` then
/// send `GET me?fields=id,permissions` with the session's token: the cassette says whose the
/// minted token is and what it holds, which `verify` needs to mint its like (issue 29).
extension REPL {
  func login(_ person: String?, _ permissions: [String]) async throws(ExplorerError) -> String {
    let emulator = try sessionEmulator("login")
    let who = person ?? emulator.world.defaultUserID
    do {
      return await traced(apply(try emulator.login(who, permissions: permissions)))
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

  func grant(_ permissions: [String]) async throws(ExplorerError) -> String {
    try await changeScopes("grant") { (emulator, token) throws(EmulatorError) in
      try emulator.grant(permissions, token: token)
    }
  }

  func revoke(_ permissions: [String]) async throws(ExplorerError) -> String {
    try await changeScopes("revoke") { (emulator, token) throws(EmulatorError) in
      try emulator.revoke(permissions, token: token)
    }
  }

  /// `grant` or `revoke` (`command`) on the session's token: `change` made on the session's
  /// emulator, a mistyped permission answered with the closest name.
  private func changeScopes(
    _ command: String,
    _ change: (GraphEmulator, String) throws(EmulatorError) -> SessionChange
  ) async throws(ExplorerError) -> String {
    let emulator = try sessionEmulator(command)
    let made: SessionChange
    do {
      made = try change(emulator, session.token ?? "")
    } catch {
      if case .unknownPermission(let name) = error { throw .failed(unknownPermission(name)) }
      throw .failed("\(error)")
    }
    return await traced(apply(made))
  }

  func logout() throws(ExplorerError) -> String {
    apply(try sessionEmulator("logout").logout(token: session.token))
  }

  func reset() throws(ExplorerError) -> String {
    let emulator = try sessionEmulator("reset")
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

  /// `note`, once the session's new state is in the cassette being recorded or replayed:
  /// `GET me?fields=id,permissions` with the session's token, its answer not shown (a replay
  /// of a cassette recorded without it goes on: nothing is shown either way).
  private func traced(_ note: String) async -> String {
    guard session.recorder != nil || session.target.isReplay, let token = session.token else {
      return note
    }
    let trace = session.meRequest(fields: "id,permissions", token: token)
    _ = try? await session.transport(for: .trace).send(trace)
    return note
  }

  /// The emulator that keeps the session: the target, or while a cassette is replayed the
  /// session's own (a new one on the session's world when it started with `--replay`). A token
  /// made there means nothing to a network target, which `servedLogin` serves (issue 29).
  private func sessionEmulator(_ command: String) throws(ExplorerError) -> GraphEmulator {
    switch session.target {
    case .emulator(let emulator): return emulator
    case .replay:
      if let emulator = session.emulator { return emulator }
      let emulator = GraphEmulator(world: session.world)
      session.emulator = emulator
      return emulator
    case .network:
      throw .failed(
        "\(command) works on the emulator; this session's target is \(session.targetName)")
    }
  }
}
