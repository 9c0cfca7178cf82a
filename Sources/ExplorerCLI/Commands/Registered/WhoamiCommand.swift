import GraphAPI
import GraphEmulator
import GraphJSON

/// `whoami`: whose the session's token is, what it may do and where requests go, in one line.
/// The emulator that keeps the session answers from its own records; another target is asked
/// `GET me?fields=id,name` (outside the history, as completion's lookups are).
struct WhoamiCommand: ArgumentlessCommand {
  static let help = CommandHelp(
    "whoami", summary: "Says whose the token is, what it may do, and where requests go",
    details: """
      On the emulator (or beside a replay) from its records: the person, the token (masked
      unless the emulator's own), its permissions, the target and the version; on
      another target the answer of GET me?fields=id,name, or its error in one line.
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
      guard let record = emulator.tokenRecord(token) else {
        return [.note("token \(shown) is no token of the emulator (190 on every call) · \(place)")]
      }
      let who: String
      switch record.kind {
      case .user:
        let id = record.userID ?? "?"
        let name = emulator.people.first { $0.id == id }?.name ?? id
        who = "\(name) (\(id))"
      case .app: who = "the app \(emulator.world.app.id)"
      default: who = "a \(record.kind.rawValue) token"
      }
      let scopes = record.scopes.isEmpty ? "no permission" : record.scopes.joined(separator: ", ")
      return [.note("\(who) · token \(shown) · \(scopes) · \(place)")]
    }
    let request = session.meRequest(fields: "id,name", token: token)
    let answer: HTTPResponse
    do { answer = try await session.transport.send(request) } catch {
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
