import GraphAPI
import GraphCassette
import GraphJSON

extension RecordedWorld {
  /// The app ids a Graph request of `interaction` names when Graph answered it without an
  /// error: `client_id` of `oauth/access_token` (query or form), and the owner of an app's own
  /// `accounts` edge (`/{app-id}/accounts/test-users`, or `/{app-id}/accounts` listing test
  /// users), not a person's (the Pages they manage), and the owner of `/{app-id}/permissions`
  /// listing an app's permissions.
  static func appIDs(in interaction: Interaction) -> [String] {
    guard interaction.response.status < 400, VerifyScope.isGraph(interaction.request.url),
      let call = try? GraphRequest(parsing: interaction.request)
    else { return [] }
    let path = call.path.split(separator: "/").map(String.init)
    if path == ["oauth", "access_token"], let id = call.parameters["client_id"],
      !id.isEmpty, id.allSatisfy(\.isNumber)
    {
      return [id]
    }
    // `/{app-id}/permissions` answered with the app's permissions (Login Review statuses).
    if path.count == 2, path[1] == "permissions", path[0].allSatisfy(\.isNumber),
      let answer = try? JSONParser.parse(interaction.response.decodedBody),
      appPermissions(in: answer) != nil
    {
      return [path[0]]
    }
    guard path.count >= 2, path[1] == "accounts", path[0].allSatisfy(\.isNumber) else { return [] }
    // `/{app-id}/accounts/test-users`, or `/{id}/accounts` listing test users (`login_url`);
    // a person's `accounts` lists the Pages they manage.
    if path.count == 3, path[2] == "test-users" { return [path[0]] }
    let answer = try? JSONParser.parse(interaction.response.decodedBody)
    let first = answer?["data"]?.arrayValue?.first
    return path.count == 2 && first?["login_url"] != nil ? [path[0]] : []
  }

  /// Counts the apps `interaction` names, and keeps whose app token a `client_credentials`
  /// exchange answered.
  mutating func learnApp(_ interaction: Interaction) {
    let ids = Self.appIDs(in: interaction)
    for id in ids {
      appMentions[id, default: 0] += 1
      appOrder.removeAll { $0 == id }
      appOrder.append(id)
    }
    learnAppVersion(interaction)
    guard let id = ids.first, interaction.request.url.contains("client_credentials") else {
      return
    }
    let body = interaction.response.decodedBody
    let token =
      (try? JSONParser.parse(body))?["access_token"]?.stringValue
      ?? QueryItems(parsing: String(decoding: body, as: UTF8.self))["access_token"]
    if let token, !token.isEmpty { appTokens[token] = id }
  }

  /// The version an unversioned Graph request with an app's token was answered at (its
  /// `facebook-api-version` header, an error's included): that app's default version.
  mutating func learnAppVersion(_ interaction: Interaction) {
    guard VerifyScope.isGraph(interaction.request.url),
      let shown = interaction.response.headers["facebook-api-version"],
      GraphRequest.normalisedVersion(shown) != nil,
      let parts = URLParts(interaction.request.url),
      let token = parts.queryItems["access_token"], let app = appOf(token: token),
      parts.pathComponents.first.map({
        !$0.hasPrefix("v") || GraphRequest.normalisedVersion($0) == nil
      }) ?? true
    else { return }
    appVersions[app] = shown
  }

  /// The app `token` is of: as a `client_credentials` exchange answered it, else the id before
  /// its `|` (`APPID|SECRET`).
  func appOf(token: String) -> String? {
    if let app = appTokens[token] { return app }
    guard let bar = token.firstIndex(of: "|") else { return nil }
    let id = String(token[..<bar])
    return !id.isEmpty && id.allSatisfy(\.isNumber) ? id : nil
  }

  /// Every app the recording shows answering besides the world's own (`apps`: a recording of
  /// two apps' tokens), each with its id and the version its unversioned reads were answered
  /// at (else the world app's). **[choice]**: each takes the world app's secret, as verify sends
  /// every app-secret placeholder as the emulator's published secret, and is named `App ID`.
  func addingOtherApps(to root: inout JSONObject) {
    let own = recordedApp ?? root["app"]?["id"]?.stringValue
    let others = appOrder.filter { $0 != own && !baseIDs.contains($0) }
    guard !others.isEmpty, let app = root["app"] else { return }
    root["apps"] = .array(
      others.map { id in
        [
          "id": .string(id), "name": .string("App \(id)"), "secret": app["secret"] ?? "",
          "default_version": appVersions[id].map { .string($0) } ?? app["default_version"]
            ?? "v2.2",
        ]
      })
  }

  /// The app the recording was made with: the one its successful requests name most, the
  /// latest named on a tie (**[choice]**: a recording of two apps keeps the one its later
  /// reads depend on); nil when it names none or only the base's.
  var recordedApp: String? {
    let most = appMentions.values.max() ?? 0
    guard let id = appOrder.last(where: { appMentions[$0] == most }) else { return nil }
    return id == root["app"]?["id"]?.stringValue ? nil : id
  }

  /// `value` with every mention of the base app `old` naming `new` instead: ids, keys (edge
  /// owners) and app tokens (`old|...`).
  static func renamingApp(_ value: JSONValue, from old: String, to new: String) -> JSONValue {
    switch value {
    case .string(let text):
      if text == old { return .string(new) }
      if text.hasPrefix(old + "|") { return .string(new + text.dropFirst(old.count)) }
      if text.hasSuffix("id=" + old) { return .string(text.dropLast(old.count) + new) }
      return value
    case .array(let items):
      return .array(items.map { renamingApp($0, from: old, to: new) })
    case .object(let object):
      // Keyed by the app (edge owners): the recording's own entry wins over the base's.
      let recorded = object[new] != nil
      return .object(
        JSONObject(
          object.members.compactMap { member in
            if member.key == old, recorded { return nil }
            return .init(
              key: member.key == old ? new : member.key,
              value: renamingApp(member.value, from: old, to: new))
          }))
    default:
      return value
    }
  }
}
