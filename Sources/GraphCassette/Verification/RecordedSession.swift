import GraphAPI
import GraphJSON

/// Whose a token minted during a recording was, as the recording itself says: the REPL's
/// `login`, `grant` and `revoke` send `GET me?fields=id,permissions` with the session's new
/// token while recording, so the cassette holds, beside the token's placeholder, the person it
/// belongs to and the permissions it holds at that point (issue 29). `verify` reads these to
/// mint a token of the same person with the same permissions on a fresh emulator, where it
/// used to send the default user's token and drift to 403.
public struct RecordedSession: Sendable, Hashable {
  /// The placeholder the token was recorded as (`<ACCESS_TOKEN_1>`).
  public var placeholder: String
  /// The person's id.
  public var person: String
  /// The permissions granted at that point, in the recorded order (`installed` left out).
  public var permissions: [String]

  public init(placeholder: String, person: String, permissions: [String]) {
    self.placeholder = placeholder
    self.person = person
    self.permissions = permissions
  }

  /// The session `interaction` records: a `GET .../me` whose `fields` name `id` and
  /// `permissions`, sent with a placeholder token and answered 200 with the person's `id` and
  /// their permissions, in the form of v2.0 and later (`data[]` of `permission`/`status`) or of
  /// v1.0 (`data[0]` of `name: 1`). `nil` for any other interaction.
  public init?(_ interaction: Interaction) {
    let request = interaction.request
    guard GraphMethod(name: request.method) == .get, interaction.response.status == 200,
      let parts = URLParts(request.url), parts.pathComponents.last == "me",
      parts.pathComponents.count <= 2
    else { return nil }
    let query = parts.queryItems
    let fields = (query["fields"] ?? "").split(separator: ",").map(String.init)
    guard fields.contains("id"), fields.contains("permissions"),
      let token = query["access_token"], Secret.isPlaceholder(token),
      let answer = CassetteVerifier.json(of: interaction.response),
      let id = answer["id"]?.stringValue,
      let granted = Self.granted(answer["permissions"]?["data"])
    else { return nil }
    self.init(placeholder: token, person: id, permissions: granted)
  }

  /// The granted permissions of a `permissions.data` array in either version's form.
  public static func granted(_ data: JSONValue?) -> [String]? {
    guard let items = data?.arrayValue else { return nil }
    if items.allSatisfy({ $0["permission"] != nil }) {
      return items.compactMap { item in
        item["status"]?.stringValue == "granted" ? item["permission"]?.stringValue : nil
      }
    }
    guard items.count == 1, case .object(let flags) = items[0] else { return nil }
    return flags.members.compactMap { member in
      member.key != "installed" && member.value.compactText == "1" ? member.key : nil
    }
  }

  /// Each session `cassette` records, by interaction index.
  public static func all(in cassette: Cassette) -> [(index: Int, session: RecordedSession)] {
    cassette.interactions.enumerated().compactMap { index, interaction in
      RecordedSession(interaction).map { (index, $0) }
    }
  }
}

/// Makes tokens of a verify target for the sessions a recording holds (`RecordedSession`).
public protocol SessionMinter: Sendable {
  /// A token of the target held by `session.person` with `session.permissions`, given the
  /// token sent for the placeholder so far (`nil` the first time); `nil` when it cannot.
  func token(for session: RecordedSession, current: String?) -> String?
}
