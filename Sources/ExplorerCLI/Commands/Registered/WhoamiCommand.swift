import GraphAPI
import GraphEmulator
import GraphJSON

/// `whoami`: whose the session's token is, whether it still works, what it may do and where
/// requests go, in one line. The emulator that keeps the session is asked as the Access Token
/// Debugger asks Graph (`debug_token`, with the app's token); another target is asked
/// `GET me?fields=id,name`. Neither call is in the history or a cassette (a `.lookup`).
struct WhoamiCommand: ArgumentlessCommand {
  static let help = CommandHelp(
    "whoami",
    summary:
      "Says whose the token is, whether it still works, what it may do, and where requests go",
    details: """
      On the emulator (or beside a replay), as the Access Token Debugger shows it: the
      person, the token (masked unless the emulator's own), whether it is valid and why
      not (expired, password changed, logged out, app removed), when it expires, its
      permissions, the target and the version; on another target the answer of
      GET me?fields=id,name, or its error in one line. Never recorded.
      """,
    examples: "whoami", "token alice-publish", "login bob publish_actions")

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    let session = repl.session
    let place = "target \(session.targetName), version \(session.version ?? "none")"
    guard let token = session.token else {
      return [.note("no token (GET me gets error 2500): token <name> or login sets one · \(place)")]
    }
    let shown = repl.shown(token, unmasked: false)
    let keeper = session.target.isReplay ? session.emulator : session.target.emulator
    if let emulator = keeper {
      return [.note(Self.debugged(token, shown: shown, on: emulator) + " · \(place)")]
    }
    let request = session.meRequest(fields: "id,name", token: token)
    let answer: HTTPResponse
    do { answer = try await session.transport(for: .lookup).send(request) } catch {
      throw .transport("whoami: \(session.targetName): \(error)")
    }
    let json = try? JSONParser.parse(answer.body)
    if let name = json?["name"]?.stringValue, let id = json?["id"]?.stringValue {
      return [.note("\(name) (\(id)) · token \(shown) · \(place)")]
    }
    let message = json?["error"]?["message"]?.stringValue ?? "HTTP \(answer.status)"
    return [
      .note(
        "token \(shown): \(session.targetName) says \(TerminalText.escaped(message)) · \(place)")
    ]
  }
}

extension WhoamiCommand {
  /// `Alice (1000) · token CAAEmuAlice · valid, expires 2014-12-14 12:00 UTC · public_profile`:
  /// what `debug_token` on `emulator` says of `token`, asked with the app's token so that a
  /// dead token is still described.
  static func debugged(_ token: String, shown: String, on emulator: GraphEmulator) -> String {
    let app = emulator.world.app
    var query = QueryItems()
    query.append("input_token", token)
    query.append("access_token", "\(app.id)|\(app.secret)")
    let request = HTTPRequest(url: "https://graph.facebook.com/debug_token?\(query.queryString)")
    let data = (try? JSONParser.parse(emulator.answer(request).body))?["data"]
    guard let data, data["app_id"] != nil else {
      return "token \(shown) is no token of the emulator (190 on every call)"
    }
    let who: String
    switch data["type"]?.stringValue {
    case "APP"?: who = "the app \(app.id)"
    case "PAGE"?:
      let id = data["profile_id"]?.stringValue ?? "?"
      who = "the Page \(emulator.name(of: id) ?? id) (\(id))"
    default:
      let id = data["user_id"]?.stringValue ?? "?"
      who = "\(emulator.name(of: id) ?? id) (\(id))"
    }
    let expiry = data["expires_at"]?.numberValue?.intValue
    let when = expiry.map { $0 == 0 ? "never expires" : "expires \(Self.utc($0))" }
    let validity: String
    if data["is_valid"]?.boolValue == true {
      validity = ["valid", when].compactMap { $0 }.joined(separator: ", ")
    } else {
      let error = data["error"]
      let subcode = error?["subcode"]?.numberValue?.intValue
      let reason = DoctorIdentities.deathReason(subcode: subcode) ?? "invalid (190/\(subcode ?? 0))"
      let message = error?["message"]?.stringValue.map { ": \(TerminalText.escaped($0))" } ?? ""
      validity = "NOT VALID, \(reason)\(message)"
    }
    let scopes = (data["scopes"]?.arrayValue ?? []).compactMap(\.stringValue)
    let granted = scopes.isEmpty ? "no permission" : scopes.joined(separator: ", ")
    return "\(who) · token \(shown) · \(validity) · \(granted)"
  }

  /// `2014-12-14 12:00 UTC` for a Unix time.
  static func utc(_ time: Int) -> String {
    let (year, month, day, hour, minute, _, _) = CivilTime.civil(time)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)) UTC"
  }
}
