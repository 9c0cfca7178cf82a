import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON

/// The test users a recording shows an app having or making, by app id: listed by
/// `GET <app-id>/accounts` (their ids and, when installed, tokens), made by
/// `POST <app-id>/accounts/test-users` (their ids, emails and passwords).
struct RecordedTestUsers {
  var listed: [String: [AppTestUser]] = [:]
  var made: [String: [AppTestUser]] = [:]
  /// The ids of every app's `made` test users.
  var madeIDs: Set<String> = []
  /// The permissions `GET <app-id>/permissions` showed approved for an app, by app id.
  var permissions: [String: [AppPermission]] = [:]
  /// The last test user of each listing page that had a `next` link.
  var pageEnds: Set<String> = []
}

extension RecordedWorld {
  /// The app id and the rest of a Graph path (its version taken off).
  static func graphPath(_ request: HTTPRequest) -> [String]? {
    guard var path = URLParts(request.url)?.pathComponents else { return nil }
    if let first = path.first, first.hasPrefix("v"), GraphRequest.normalisedVersion(first) != nil {
      path.removeFirst()
    }
    return path
  }

  /// Keeps a test user a recorded `POST <app-id>/accounts/test-users` made: its id, email and
  /// password, so the world's app makes it again (`app.next_test_users`).
  mutating func learnTestUserMade(_ interaction: Interaction) {
    let request = interaction.request
    guard GraphMethod(name: request.method) == .post, interaction.response.status == 200,
      VerifyScope.isGraph(request.url), let path = Self.graphPath(request), path.count == 3,
      path[1] == "accounts", path[2] == "test-users", path[0].allSatisfy(\.isNumber),
      let answer = try? JSONParser.parse(interaction.response.decodedBody),
      let id = answer["id"]?.stringValue, GraphRequest.isIDShaped(id)
    else { return }
    var users = testUsers.made[path[0]] ?? []
    guard !users.contains(where: { $0.id == id }) else { return }
    users.append(
      AppTestUser(
        id: id, email: answer["email"]?.stringValue, password: answer["password"]?.stringValue))
    testUsers.made[path[0]] = users
    testUsers.madeIDs.insert(id)
  }

  /// Keeps the test users an app's `accounts` listing shows (`path` without its version):
  /// whether the answer was one (its items carry `login_url`).
  mutating func learnTestUsersListed(_ path: [String], _ answer: JSONValue) -> Bool {
    guard path.count >= 2, path.count <= 3, path[1] == "accounts",
      path.count == 2 || path[2] == "test-users", path[0].allSatisfy(\.isNumber),
      let items = answer["data"]?.arrayValue,
      path.count == 3 || items.first?["login_url"] != nil
    else { return false }
    var users = testUsers.listed[path[0]] ?? []
    for item in items {
      guard let id = item["id"]?.stringValue, GraphRequest.isIDShaped(id),
        !users.contains(where: { $0.id == id })
      else { continue }
      users.append(AppTestUser(id: id, accessToken: item["access_token"]?.stringValue))
    }
    testUsers.listed[path[0]] = users
    if answer["paging"]?["next"] != nil, let last = items.last?["id"]?.stringValue {
      testUsers.pageEnds.insert(last)
    }
    return true
  }

  /// Keeps what `GET <app-id>/permissions` showed (`path` without its version): whether the
  /// answer was the app's (its items' statuses are no person's `granted` or `declined`).
  mutating func learnAppPermissions(_ path: [String], _ answer: JSONValue) -> Bool {
    guard path.count == 2, path[1] == "permissions", path[0].allSatisfy(\.isNumber),
      let permissions = Self.appPermissions(in: answer)
    else { return false }
    testUsers.permissions[path[0]] = permissions
    return true
  }

  /// The permissions an answer lists when they are an app's (Login Review statuses), not a
  /// person's (`granted`, `declined`).
  static func appPermissions(in answer: JSONValue) -> [AppPermission]? {
    guard let items = answer["data"]?.arrayValue, !items.isEmpty else { return nil }
    var permissions: [AppPermission] = []
    for item in items {
      guard let name = item["permission"]?.stringValue, let status = item["status"]?.stringValue,
        status != "granted", status != "declined"
      else { return nil }
      permissions.append(AppPermission(name, status: status))
    }
    return permissions
  }

  /// The app whose test users the world holds: the recording's, else the base's.
  var testUserApp: String? { recordedApp ?? root["app"]?["id"]?.stringValue }

  /// A person node for each test user listed of the world's app that no answer typed.
  mutating func settleTestUsers() {
    guard let app = testUserApp else { return }
    for user in testUsers.listed[app] ?? [] where types[user.id] == nil && !isCreated(user.id) {
      types[user.id] = "user"
      fields[user.id] = JSONObject()
      added["user", default: 0] += 1
    }
  }

  /// `root` with the world's app's test users: those listed in `app.test_users` (each token a
  /// user token of the world with the permissions a test user installed with none named gets,
  /// **[choice]**: a listing shows no permissions), those made in `app.next_test_users`, each
  /// listed one a tester of the app; and the app's permissions as recorded.
  func addingTestUsers(to root: inout JSONObject) {
    guard let app = testUserApp, case .object(var appObject) = root["app"] ?? .null else { return }
    if let permissions = testUsers.permissions[app] {
      appObject["permissions"] = .array(permissions.map(\.jsonValue))
      root["app"] = .object(appObject)
    }
    let made = (testUsers.made[app] ?? []).filter { types[$0.id] == nil || types[$0.id] == "user" }
    let madeIDs = Set(made.map(\.id))
    let listed = (testUsers.listed[app] ?? []).filter {
      types[$0.id] == "user" && !madeIDs.contains($0.id)
    }
    guard !listed.isEmpty || !made.isEmpty else { return }
    var tokens = root["tokens"]?.arrayValue ?? []
    var known = Set(tokens.compactMap { $0["token"]?.stringValue })
    var testers = Set((appObject["testers"]?.arrayValue ?? []).compactMap(\.stringValue))
    var entries: [JSONValue] = []
    for var user in listed {
      testers.insert(user.id)
      if let token = user.accessToken {
        if known.insert(token).inserted {
          tokens.append([
            "token": .string(token), "name": "test user", "kind": "user",
            "user": .string(user.id),
            "scopes": .array(AppTestUser.installedScopes.map { .string($0) }),
          ])
        } else if !tokens.contains(where: {
          $0["token"]?.stringValue == token && $0["user"]?.stringValue == user.id
        }) {
          user.accessToken = nil
        }
      }
      entries.append(user.jsonValue)
    }
    root["tokens"] = .array(tokens)
    if !entries.isEmpty { appObject["test_users"] = .array(entries) }
    if !made.isEmpty { appObject["next_test_users"] = .array(made.map(\.jsonValue)) }
    appObject["testers"] = .array(testers.sorted().map { .string($0) })
    root["app"] = .object(appObject)
  }
}
