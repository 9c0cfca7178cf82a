/// A fact about the objects a call names that a route needs besides its pattern and method
/// (an app request's id and a node's id both fill `:id`). A condition only reads the state; a
/// route with one is tried before a route without one at the same place in the table.
enum RouteCondition: String, Sendable, CaseIterable {
  /// The first component is the app (its id or `app`).
  case namesApp
  /// The first component is a person (`me`, a user's id, or a user's username).
  case namesPerson
  /// The first component is not a person (a Page, a post, a photo, ...; or nothing known).
  case namesNoPerson
  /// The first component is an app request (`<request-id>` or `<request-id>_<user-id>`).
  case namesAppRequest
  /// The first component is a test user of the app.
  case namesTestUser
  /// The first or the third component is a test user (`<u1>/friends/<u2>`).
  case namesTestUserPair
  /// The second component is an Open Graph action (`<namespace>:<action>`).
  case namesOpenGraphAction

  /// Whether the condition holds for `call` in `state`.
  func holds(for call: GraphCall, in state: EmulatorState) -> Bool {
    let path = call.path
    guard let head = path.first else { return false }
    switch self {
    case .namesApp:
      return head == "app" || state.world.app(id: head) != nil
    case .namesPerson:
      return Self.isPerson(head, in: state)
    case .namesNoPerson:
      return !Self.isPerson(head, in: state)
    case .namesAppRequest:
      let parts = head.split(separator: "_")
      return parts.count <= 2
        && parts.first.map { state.surface.requests[String($0)] != nil }
          == true
    case .namesTestUser:
      return state.surface.testUsers.contains { $0.id == head }
    case .namesTestUserPair:
      guard path.count == 3 else { return false }
      return state.surface.testUsers.contains { $0.id == head || $0.id == path[2] }
    case .namesOpenGraphAction:
      return path.count == 2 && path[1].utf8.contains(UInt8(ascii: ":"))
    }
  }

  /// `me`, a user's id, or a user's username (whether the version still reads users by
  /// username is the handler's to say).
  static func isPerson(_ head: String, in state: EmulatorState) -> Bool {
    if head == "me" { return true }
    if let node = state.world.nodes[head] { return node.type == .user }
    if let id = state.world.usernames[head.lowercased()], let node = state.world.nodes[id] {
      return node.type == .user
    }
    return false
  }
}
