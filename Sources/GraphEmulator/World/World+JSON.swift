import Foundation
import GraphJSON

/// The world file format (docs/emulator.md, "World files"): one JSON object with `app`,
/// `default_user`, `default_token`, `clock`, `nodes`, `edges`, `tokens`, `deauthorized`.
extension World {
  /// Reads a world file; a broken one fails with its line and column, an invalid one with
  /// the JSON path of the problem. Nothing is half-loaded.
  public static func load(contentsOf path: String) throws(EmulatorError) -> World {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .worldUnreadable(path: path, reason: "no such file or not readable")
    }
    do throws(EmulatorError) {
      return try World(json: Array(data))
    } catch {
      switch error {
      case .worldSyntax(_, let inner): throw .worldSyntax(path: path, error: inner)
      case .worldContent(_, let location, let message):
        throw .worldContent(path: path, location: location, message: message)
      default: throw error
      }
    }
  }

  /// Parses a world from JSON text.
  public init(json bytes: [UInt8]) throws(EmulatorError) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw .worldSyntax(path: nil, error: error)
    }
    self = try WorldDecoder(root: value).decode()
  }

  /// Parses a world from JSON text.
  public init(json text: String) throws(EmulatorError) { try self.init(json: Array(text.utf8)) }

  /// The world as a world file (the inverse of `init(json:)`); nodes and tokens sorted by id.
  public var jsonValue: JSONValue {
    var root = JSONObject()
    root.append("format", "graph-explorer-world/1")
    root.append("clock", .number(JSONNumber(clock)))
    let appValue: JSONValue = [
      "id": .string(app.id), "name": .string(app.name), "namespace": .string(app.namespace),
      "secret": .string(app.secret), "default_version": .string(app.defaultVersion.description),
      "require_appsecret_proof": .bool(app.requiresAppSecretProof),
      "testers": .array(app.testers.sorted().map { .string($0) }),
      "users": app.users.map { .array($0.sorted().map { .string($0) }) } ?? .null,
      "action_types": .object(
        JSONObject(
          app.actionTypes.sorted { $0.key < $1.key }.map {
            .init(key: $0.key, value: .string($0.value))
          })),
    ]
    var appObject = appValue.objectValue ?? JSONObject()
    if !app.testUsers.isEmpty {
      appObject.append("test_users", .array(app.testUsers.map(\.jsonValue)))
    }
    if let permissions = app.permissions {
      appObject.append("permissions", .array(permissions.map(\.jsonValue)))
    }
    if !app.nextTestUsers.isEmpty {
      appObject.append("next_test_users", .array(app.nextTestUsers.map(\.jsonValue)))
    }
    root.append("app", .object(appObject))
    root.append("default_user", .string(defaultUserID))
    root.append("default_token", .string(defaultToken))
    root.append(
      "nodes",
      .array(
        nodes.values.sorted { $0.id < $1.id }.map { node in
          [
            "id": .string(node.id), "type": .string(node.type.rawValue),
            "fields": .object(node.fields),
          ]
        }))
    var edgeObject = JSONObject()
    // A generated world's friend lists are written out as if they were stored.
    var owners = Set(edges.keys)
    if let population = nodes.population {
      for n in 0..<population.count where !nodes.removedPeople.contains(n) {
        owners.insert(population.id(n))
      }
    }
    for owner in owners.sorted() {
      var names = Set(edges[owner].map { Array($0.keys) } ?? [])
      if let population = nodes.population, let n = population.index(of: owner),
        !nodes.removedPeople.contains(n)
      {
        names.insert("friends")
      }
      var byName = JSONObject()
      for name in names.sorted() {
        byName.append(name, .array(edge(owner, name).map { .string($0) }))
      }
      edgeObject.append(owner, .object(byName))
    }
    root.append("edges", .object(edgeObject))
    root.append(
      "tokens",
      .array(
        tokens.values.sorted { $0.token < $1.token }.map { record in
          var object = JSONObject()
          object.append("token", .string(record.token))
          if let name = record.name { object.append("name", .string(name)) }
          object.append("kind", .string(record.kind.rawValue))
          if let user = record.userID { object.append("user", .string(user)) }
          if let page = record.pageID { object.append("page", .string(page)) }
          object.append("scopes", .array(record.scopes.map { .string($0) }))
          if let expiry = record.expiresAt {
            object.append("expires_at", .number(JSONNumber(expiry)))
          }
          if let subcode = record.invalidation {
            object.append("invalidated", .number(JSONNumber(subcode)))
          }
          if !record.summary.isEmpty { object.append("summary", .string(record.summary)) }
          return .object(object)
        }))
    root.append("deauthorized", .array(deauthorized.sorted().map { .string($0) }))
    if !aliases.isEmpty {
      root.append(
        "aliases",
        .object(
          JSONObject(
            aliases.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .string($0.value)) })
        ))
    }
    if !paging.isEmpty { root.append("paging", paging.jsonValue) }
    if !otherApps.isEmpty {
      root.append(
        "apps",
        .array(
          otherApps.map { other in
            [
              "id": .string(other.id), "name": .string(other.name),
              "secret": .string(other.secret),
              "default_version": .string(other.defaultVersion.description),
            ]
          }))
    }
    return .object(root)
  }
}
