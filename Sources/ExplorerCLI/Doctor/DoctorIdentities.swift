import GraphAPI
import GraphJSON

/// Each token a session used, by placeholder: whose it is, which app, what kind, the
/// permissions seen for it and its life (issued, extended, expired, invalidated, replaced).
struct DoctorIdentities {
  /// What is known of one token.
  struct Token {
    var label: String
    /// `user`, `page`, `app` or `unknown`.
    var kind = "unknown"
    var owner: String?
    var app: String?
    var granted: Set<String> = []
    var declined: Set<String> = []
    var missing: Set<String> = []
    var calls = 0
    var firstCall: Int?
    var lastCall: Int?
    var firstTime: Double?
    var lastTime: Double?
    /// `(interaction, what happened)`, at most `eventLimit`.
    var events: [(Int, String)] = []
    /// How the session shows it was issued, when it does.
    var origin: Origin?
    /// Why it stopped working and where: `expired (190/463)`.
    var death: (interaction: Int, time: Double?, reason: String)?
    /// Calls made with it after it stopped working.
    var callsAfterDeath: [Int] = []
    var callsAfterDeathCount = 0
  }

  /// How a token came to be, as far as the session shows.
  enum Origin {
    /// A token call or a dialog: someone logged in.
    case login
    /// An existing token extended (`fb_exchange_token`, `auth.extendSSOAccessToken`).
    case extended
    /// `client_credentials`: an app token.
    case app
    /// Made with a new test user (`APPID/accounts/test-users`).
    case testUser
    /// Listed by `me/accounts`: a Page's token.
    case page
  }

  static let eventLimit = 40

  private(set) var tokens: [String: Token] = [:]
  /// Token labels in the order first seen.
  private(set) var order: [String] = []
  /// Kinds known before the session (an app token's shape, the emulator's test tokens).
  var knownKinds: [String: String] = [:]
  var knownOwners: [String: String] = [:]

  /// At most this many tokens are followed; the calls of any others are only counted.
  static let tokenLimit = 10_000
  /// Calls with tokens past `tokenLimit`.
  private(set) var untrackedCalls = 0

  private mutating func with(_ label: String, _ body: (inout Token) -> Void) {
    if tokens[label] == nil {
      guard tokens.count < Self.tokenLimit else {
        untrackedCalls += 1
        return
      }
      order.append(label)
      var token = Token(label: label)
      if let kind = knownKinds[label] { token.kind = kind }
      token.owner = knownOwners[label]
      tokens[label] = token
    }
    body(&tokens[label]!)
  }

  private mutating func event(_ label: String, _ number: Int, _ text: String) {
    with(label) { token in
      if token.events.count < Self.eventLimit { token.events.append((number, text)) }
    }
  }

  /// Reads one call.
  mutating func add(_ call: DoctorCall) {
    if let label = call.token {
      with(label) { token in
        token.calls += 1
        token.firstCall = token.firstCall ?? call.number
        token.lastCall = call.number
        token.firstTime = token.firstTime ?? call.time
        token.lastTime = call.time ?? token.lastTime
        if token.death != nil {
          token.callsAfterDeathCount += 1
          if token.callsAfterDeath.count < DoctorFinding.shownInteractions {
            token.callsAfterDeath.append(call.number)
          }
        }
      }
    }
    readAnswer(call)
    readDialogRedirect(call)
    for answer in call.answers {
      if let item = Self.batchItem(answer, of: call) { readAnswer(item) }
      guard let error = answer.error, let label = answer.itemToken ?? call.token
      else { continue }
      readError(error, label: label, call: call)
    }
  }

  /// A batch item's answer as a call of its own (the iOS SDK 3.24 sends `me` and
  /// `me/permissions` in one batch, each with its own token), with the item's token, else the
  /// batch's.
  static func batchItem(_ answer: DoctorCall.Answer, of call: DoctorCall) -> DoctorCall? {
    guard answer.item != nil, answer.response.status == 200, let described = answer.itemRequest,
      let space = described.firstIndex(of: " "),
      answer.response.body.count <= DoctorCall.parsedLimit,
      let json = try? JSONParser.parse(answer.response.body)
    else { return nil }
    let pieces = described[described.index(after: space)...].split(
      separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var segments = (pieces.first ?? "").split(separator: "/").map(String.init)
    if let first = segments.first, first.first == "v", first.contains(".") {
      segments.removeFirst()
    }
    var item = call
    item.method = String(described[..<space])
    item.path = segments.joined(separator: "/")
    item.parameters = QueryItems(parsing: pieces.count > 1 ? String(pieces[1]) : "")
    item.token = answer.itemToken ?? call.token
    item.status = answer.response.status
    item.json = json
    item.answers = []
    return item
  }

  /// The login dialog's redirect to the app (`fbconnect://success#access_token=...`, or
  /// `?code=`'s form with a token): a user token issued, with the scopes it names
  /// (`granted_scopes`, `denied_scopes`, 3.24's `return_scopes=true`).
  private mutating func readDialogRedirect(_ call: DoctorCall) {
    guard (300..<400).contains(call.status), call.path.hasSuffix("dialog/oauth"),
      let location = call.answers.first?.response.headers["Location"],
      let start = location.firstIndex(where: { $0 == "#" || $0 == "?" })
    else { return }
    let items = QueryItems(parsing: String(location[location.index(after: start)...]))
    guard let issued = items["access_token"], !issued.isEmpty else { return }
    with(issued) { token in
      if token.kind == "unknown" { token.kind = "user" }
      if token.origin == nil { token.origin = .login }
      for scope in (items["granted_scopes"] ?? "").split(separator: ",") {
        token.granted.insert(String(scope))
      }
      for scope in (items["denied_scopes"] ?? "").split(separator: ",") {
        token.declined.insert(String(scope))
      }
    }
    event(issued, call.number, "issued by the login dialog (\(call.path))")
  }

  private mutating func readAnswer(_ call: DoctorCall) {
    guard call.status == 200, let json = call.json else { return }
    let label = call.token
    switch call.path {
    case "me":
      if let label, let id = json["id"]?.stringValue {
        let name = json["name"]?.stringValue
        with(label) { token in
          token.owner = name.map { "\($0) (\(id))" } ?? id
          if token.kind == "unknown" { token.kind = json["category"] == nil ? "user" : "page" }
        }
      }
    case "me/permissions":
      guard let label, let data = json["data"]?.arrayValue else { break }
      with(label) { token in
        for entry in data {
          if let name = entry["permission"]?.stringValue {
            if entry["status"]?.stringValue == "declined" {
              token.declined.insert(name)
              token.granted.remove(name)
            } else {
              token.granted.insert(name)
            }
          } else if let object = entry.objectValue {
            for member in object.members where member.value.numberValue?.intValue == 1 {
              token.granted.insert(member.key)
            }
          }
        }
        if token.kind == "unknown" { token.kind = "user" }
      }
    case _ where call.path.hasSuffix("accounts/test-users"):
      // POST answers the new user ({id, access_token, ...}); GET lists them under data.
      for user in json["data"]?.arrayValue ?? [json] {
        guard let userToken = user["access_token"]?.stringValue, !userToken.isEmpty else {
          continue
        }
        with(userToken) { token in
          token.kind = "test user"
          token.origin = .testUser
          if let id = user["id"]?.stringValue { token.owner = id }
        }
        event(userToken, call.number, "issued by \(call.path) (a test user)")
      }
      return
    case "me/accounts":
      for page in json["data"]?.arrayValue ?? [] {
        guard let pageToken = page["access_token"]?.stringValue else { continue }
        let name = page["name"]?.stringValue
        let id = page["id"]?.stringValue ?? "?"
        with(pageToken) { token in
          token.kind = "page"
          token.origin = .page
          token.owner = name.map { "\($0) (\(id))" } ?? id
        }
        event(pageToken, call.number, "issued by me/accounts" + (label.map { " to \($0)" } ?? ""))
      }
    case "debug_token":
      guard let input = call.parameters["input_token"], let data = json["data"] else { break }
      with(input) { token in
        if let type = data["type"]?.stringValue { token.kind = type.lowercased() }
        if let app = data["app_id"]?.stringValue { token.app = app }
        if let user = data["user_id"]?.stringValue, token.owner == nil { token.owner = user }
        for scope in data["scopes"]?.arrayValue ?? [] {
          if let name = scope.stringValue { token.granted.insert(name) }
        }
      }
      if data["is_valid"]?.boolValue == false {
        event(input, call.number, "debug_token: is_valid false")
      }
    default:
      break
    }
    if call.method == "DELETE", call.path.hasPrefix("me/permissions"), let label {
      let parts = call.path.split(separator: "/")
      if parts.count == 3 {
        let name = String(parts[2])
        with(label) { $0.granted.remove(name) }
        event(label, call.number, "permission \(name) revoked (DELETE me/permissions/\(name))")
      } else if let name = call.parameters["permission"] {
        with(label) { $0.granted.remove(name) }
        event(label, call.number, "permission \(name) revoked (DELETE me/permissions)")
      } else {
        event(label, call.number, "app deauthorised by the app (DELETE me/permissions)")
      }
    }
    if let issued = json["access_token"]?.stringValue, !issued.isEmpty {
      let how: String
      var origin = Origin.login
      if call.parameters["grant_type"] == "fb_exchange_token"
        || call.parameters[
          "fb_extend_sso_token"] != nil
        || call.path == "method/auth.extendSSOAccessToken"
      {
        let from = call.parameters["fb_exchange_token"] ?? label
        how = "extension" + (from.map { " of \($0)" } ?? "")
        origin = .extended
        if let from { event(from, call.number, "extended: \(issued)") }
      } else if call.parameters["grant_type"] == "client_credentials" {
        how = "client_credentials (app token)"
        with(issued) { $0.kind = "app" }
        origin = .app
      } else {
        how = "login (\(call.path))"
      }
      with(issued) { if $0.origin == nil { $0.origin = origin } }
      event(issued, call.number, "issued by \(how)")
    }
  }

  private mutating func readError(_ error: GraphErrorBody, label: String, call: DoctorCall) {
    guard let code = error.code else { return }
    if code == 10 || (200...299).contains(code), let permission = Self.permission(in: error.message)
    {
      let isNew = tokens[label]?.missing.contains(permission) != true
      with(label) { $0.missing.insert(permission) }
      if isNew { event(label, call.number, "missing permission \(permission) (#\(code))") }
    }
    guard code == 190 || code == 102 else { return }
    let reason = Self.deathReason(subcode: error.subcode)
    guard let reason else {
      event(label, call.number, "190/\(error.subcode.map(String.init) ?? "-"): \(error.message)")
      return
    }
    if tokens[label]?.death == nil {
      with(label) { $0.death = (call.number, call.time, reason) }
      event(label, call.number, "stopped working: \(reason)")
    }
  }

  /// Why a token with error 190 (or 102) and `subcode` no longer works; `nil` for the
  /// subcodes that leave it usable (459 and 464: the user must act on facebook.com).
  static func deathReason(subcode: Int?) -> String? {
    switch subcode {
    case 463?: return "expired (190/463)"
    case 460?: return "password changed (190/460)"
    case 458?: return "app deauthorised by the user (190/458)"
    case 467?: return "invalid session: logged out (190/467)"
    case 459?, 464?: return nil
    case let other?: return "invalid (190/\(other))"
    case nil: return "invalid (190)"
    }
  }

  /// The permission a `(#200)` or `(#10)` message names: `publish_actions` in
  /// `(#200) Requires extended permission: publish_actions`.
  static func permission(in message: String) -> String? {
    for marker in ["permission: ", "permissions: ", "permission(s): "] {
      guard let range = message.range(of: marker) else { continue }
      let name = message[range.upperBound...].prefix {
        $0.isLetter || $0.isNumber || $0 == "_"
      }
      return name.isEmpty ? nil : String(name)
    }
    return nil
  }

  /// Whether the session shows `label` is a new login replacing `old`: it was issued by a
  /// token call or a dialog (or an extension), or it belongs to the same person. A new test
  /// user's token, a Page's, an app's, or one of unknown origin and owner is not.
  func isNewLogin(_ label: String, replacing old: String?) -> Bool {
    guard let token = tokens[label] else { return false }
    switch token.origin {
    case .login?, .extended?: return true
    case .app?, .testUser?, .page?: return false
    case nil: break
    }
    guard token.kind != "page", token.kind != "app", let old,
      let owner = token.owner.map(Self.ownerID), let before = tokens[old]?.owner.map(Self.ownerID)
    else { return false }
    return owner == before
  }

  /// The id in an owner as shown: `1000` in `Alice (1000)` and in `1000`.
  static func ownerID(_ owner: String) -> String {
    guard owner.hasSuffix(")"), let open = owner.lastIndex(of: "(") else { return owner }
    return String(owner[owner.index(after: open)..<owner.index(before: owner.endIndex)])
  }

  /// After the session: each dead token replaced by a token of the same owner first used later
  /// is marked as replaced (a new login).
  mutating func finish() {
    for label in order {
      guard let token = tokens[label], let death = token.death, let owner = token.owner else {
        continue
      }
      if let next = order.first(where: { other in
        other != label && tokens[other]?.owner == owner
          && (tokens[other]?.firstCall ?? 0) > death.interaction
      }) {
        event(
          label, tokens[next]?.firstCall ?? death.interaction,
          "replaced by \(next) (logged in again)")
      }
    }
  }
}
