import GraphAPI
import GraphJSON

/// Updates with the app token: `POST <test-user-id>` (`name`, `password`; Test User
/// reference, "Updating") and `POST <app-id>` (Application reference, "Updating").
extension Router {
  /// The app fields `POST <app-id>` changes (the rest of the app is the world's).
  static let appUpdatableFields = ["restrictions", "description", "category"]

  mutating func updateNode(_ node: Node, call: GraphCall, viewer: Viewer) throws(GraphError)
    -> Outcome
  {
    let isTestUser = state.surface.testUsers.contains { $0.id == node.id }
    guard isTestUser || node.id == state.world.app.id else {
      throw .unsupported(call.method, id: call.path[0])
    }
    guard viewer.hasToken else { throw .tokenRequired }
    guard viewer.isApp else { throw .appTokenRequired }
    if isTestUser {
      updateTestUser(node, name: call["name"], password: call["password"])
    } else {
      var fields = node.fields
      for name in Self.appUpdatableFields {
        guard let text = call[name] else { continue }
        // `restrictions` is a JSON object sent as text; it reads back as the object.
        let value = (try? JSONParser.parse(text)).flatMap { $0.objectValue.map(JSONValue.object) }
        fields[name] = value ?? .string(text)
      }
      state.mutate { $0.world.insert(Node(id: node.id, type: node.type, fields: fields)) }
    }
    return deleted(call)
  }

  mutating func updateTestUser(_ node: Node, name: String?, password: String?) {
    var fields = node.fields
    if let name, !name.isEmpty {
      let parts = name.split(separator: " ").map(String.init)
      fields["name"] = .string(name)
      fields["first_name"] = .string(parts.first ?? name)
      fields["last_name"] = .string(parts.count > 1 ? parts[parts.count - 1] : "")
    }
    state.mutate { contents in
      contents.world.insert(Node(id: node.id, type: node.type, fields: fields))
      if let password,
        let index = contents.surface.testUsers.firstIndex(where: { $0.id == node.id })
      {
        contents.surface.testUsers[index].password = password
      }
    }
  }
}
