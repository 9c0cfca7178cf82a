import GraphJSON

/// Who manages which Page, and the fields a manager reads about it: the Page token, the
/// tasks (v3.1 on) or role-based perms (before), from the stored `accounts` edge.
/// https://developers.facebook.com/docs/pages/access-tokens ;
/// https://developers.facebook.com/docs/graph-api/reference/user/accounts
struct PageRoles {
  var world: World
  var viewer: Viewer
  var version: GraphVersion

  /// Fields only a manager reads (`me/accounts` items and `<page>?fields=...`).
  static let managerFields: Set<String> = ["access_token", "tasks", "perms"]

  /// Every task, for the person who created the Page. **[choice]**
  static let tasks: [JSONValue] = ["ANALYZE", "ADVERTISE", "MODERATE", "CREATE_CONTENT", "MANAGE"]
  /// The Admin role's perms before v3.1. **[choice]**
  static let perms: [JSONValue] = [
    "ADMINISTER", "EDIT_PROFILE", "CREATE_CONTENT", "MODERATE_CONTENT", "CREATE_ADS",
    "BASIC_ADMIN",
  ]

  /// The person the viewer is (a user token's, or the one a Page token was issued to).
  var person: String? { viewer.userID ?? viewer.record?.userID }

  /// Whether the viewer's person manages `page`.
  func manages(_ page: Node) -> Bool {
    guard page.type == .page, let person else { return false }
    return world.edge(person, "accounts").contains(page.id)
  }

  /// The Page token the viewer's person holds for `page`, when there is one.
  func token(for page: Node) -> String? {
    guard manages(page), let person else { return nil }
    return world.tokens.values.first {
      $0.kind == .page && $0.pageID == page.id && $0.userID == person
    }?
    .token
  }

  /// A manager field of `page`: `nil` when the viewer does not manage it; (#100) for the one of
  /// `tasks` and `perms` the version does not have.
  func value(_ name: String, of page: Node) throws(GraphError) -> JSONValue? {
    let tasksEra = version.follows(.pageTasksReplacePerms)
    if (name == "tasks" && !tasksEra) || (name == "perms" && tasksEra) {
      throw .nonexistingField(name, on: .page)
    }
    guard manages(page) else { return nil }
    switch name {
    case "access_token": return token(for: page).map { .string($0) }
    case "tasks": return .array(Self.tasks)
    case "perms": return .array(Self.perms)
    default: return nil
    }
  }

  /// A `me/accounts` item without `fields`: the Page's token, category, name, id and the
  /// manager's tasks or perms, in the order the reference's example shows them.
  func accountItem(_ page: Node) -> JSONObject {
    var out = JSONObject()
    if let token = token(for: page) { out.append("access_token", .string(token)) }
    for key in ["category", "name"] { if let v = page.fields[key] { out.append(key, v) } }
    out.append("id", .string(page.id))
    let tasksEra = version.follows(.pageTasksReplacePerms)
    out.append(tasksEra ? "tasks" : "perms", .array(tasksEra ? Self.tasks : Self.perms))
    return out
  }
}
