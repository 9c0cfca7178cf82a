import GraphAPI
import GraphEmulator
import GraphJSON

/// The server side of the `ui` page: its JSON API over a REPL session (the same `Session`,
/// history, recorder and commands as the terminal). The transport calls it one request at a
/// time (`UITransport`'s queue), which is what makes the unchecked `Sendable` sound, as for
/// `REPL`.
final class UIController: @unchecked Sendable {
  let repl: REPL
  let console: UIConsole
  var session: Session { repl.session }

  /// An answer of the API: its status and JSON body.
  struct Reply {
    var status = 200
    var json: JSONValue
  }

  init(session: Session) {
    console = UIConsole()
    session.pager = false
    repl = REPL(
      session: session, console: console, renderer: Renderer(color: false, raw: false),
      interactive: false)
  }

  /// The REPL commands the page runs as lines (their printed text is the answer).
  static let lineCommands: Set<String> = ["record", "replay", "diff", "doctor", "history"]

  /// Answers `POST /api/<name>` with the JSON `body`.
  func call(_ name: String, _ body: JSONValue) async -> Reply {
    do throws(ExplorerError) {
      switch name {
      case "state": return Reply(json: state())
      case "send": return Reply(json: try await send(body))
      case "exchange":
        let number = Int(body["number"]?.numberValue?.text ?? "") ?? 0
        return Reply(json: view(of: try session.exchange(.number(number))))
      case "metadata": return Reply(json: try await metadata(body))
      case "token": return Reply(json: try await setToken(body))
      case "tokeninfo": return Reply(json: try await tokenInfo())
      case "pagetoken": return Reply(json: try await pageToken(body))
      case "line": return Reply(json: try await line(body))
      default: return Self.failure(404, "no API call '\(name)'")
      }
    } catch {
      return Self.failure(400, Redaction.redactParameters(error.description))
    }
  }

  static func failure(_ status: Int, _ message: String) -> Reply {
    Reply(status: status, json: ["error": .string(message)])
  }

  /// Runs an allowed REPL line (`record FILE`, `replay stop`, `diff #1 #2`, `doctor`) and
  /// answers what it printed.
  private func line(_ body: JSONValue) async throws(ExplorerError) -> JSONValue {
    let text = body["line"]?.stringValue ?? ""
    let word = text.split(separator: " ").first.map(String.init) ?? ""
    guard Self.lineCommands.contains(word) else {
      throw .failed("the page runs only \(Self.lineCommands.sorted().joined(separator: ", "))")
    }
    _ = console.take()
    _ = await repl.execute(text, lineNumber: 1)
    return ["text": .string(console.take()), "state": state()]
  }

  /// Sends the page's query through the session (history, recording, token, version).
  private func send(_ body: JSONValue) async throws(ExplorerError) -> JSONValue {
    guard let method = GraphMethod(name: body["method"]?.stringValue ?? "GET") else {
      throw .failed("method must be GET, POST or DELETE")
    }
    let path = body["path"]?.stringValue ?? ""
    guard !path.isEmpty else { throw .failed("the path is empty") }
    let parameters = (body["params"]?.arrayValue ?? []).compactMap { pair -> Parameter? in
      guard let name = pair[0]?.stringValue, !name.isEmpty else { return nil }
      return Parameter(name: name, value: .text(Self.literal(pair[1]?.stringValue ?? "")))
    }
    let line = RequestLine(method: method, path: Self.literal(path), parameters: parameters)
    let text =
      ([method.rawValue, path] + parameters.map { "\($0.name)=\($0.value.literalText)" })
      .joined(separator: " ")
    let version = body["version"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    let kept = session.version
    session.version = version ?? kept
    defer { session.version = kept }
    return view(of: try await session.send(line, text: text))
  }

  /// Text taken as it is (no `{#1.id}` variables).
  static func literal(_ text: String) -> Template { Template(segments: [.text(text)]) }
}

extension Parameter.Value {
  /// The text of a `.text` value as the page gave it.
  var literalText: String {
    if case .text(let template) = self { return template.description }
    return ""
  }
}
