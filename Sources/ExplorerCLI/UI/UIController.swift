import Foundation
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

  /// Sends the page's query through the session (history, recording, token, version); the
  /// parameters editor's files (`files`: `[name, file name, type, base64]`) go multipart, as
  /// the REPL's `name@file` does, the line showing `name@filename`.
  private func send(_ body: JSONValue) async throws(ExplorerError) -> JSONValue {
    guard let method = GraphMethod(name: body["method"]?.stringValue ?? "GET") else {
      throw .failed("method must be GET, POST or DELETE")
    }
    let path = body["path"]?.stringValue ?? ""
    guard !path.isEmpty else { throw .failed("the path is empty") }
    var parameters = (body["params"]?.arrayValue ?? []).compactMap { pair -> Parameter? in
      guard let name = pair[0]?.stringValue, !name.isEmpty else { return nil }
      return Parameter(name: name, value: .text(Self.literal(pair[1]?.stringValue ?? "")))
    }
    let uploads = try Self.uploads(body["files"])
    parameters += uploads.map { Parameter(name: $0.name, value: .file(Self.literal($0.filename))) }
    let line = RequestLine(method: method, path: Self.literal(path), parameters: parameters)
    let text =
      ([method.rawValue, path] + parameters.map(Self.written)).joined(separator: " ")
    let version = body["version"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    let kept = session.version
    session.version = version ?? kept
    defer { session.version = kept }
    guard !uploads.isEmpty else { return view(of: try await session.send(line, text: text)) }
    // The files are in hand, not on disk: the request is the line's without them, plus them.
    let textual = RequestLine(
      method: method, path: line.path, parameters: line.parameters.filter { !$0.isFile })
    var graph = try session.graphRequest(for: textual, accessToken: session.token)
    graph.uploads = uploads
    let request = graph.httpRequest(baseURL: graph.origin ?? session.baseURL)
    return view(of: try await session.send(request, line: text, source: line))
  }

  /// A parameter as the line shows it: `name=value`, or `name@file` for an upload.
  static func written(_ parameter: Parameter) -> String {
    parameter.isFile
      ? "\(parameter.name)@\(parameter.value.literalText)"
      : "\(parameter.name)=\(parameter.value.literalText)"
  }

  /// The most bytes of files one request carries (the page's answer body is capped at 32 MB).
  static let maxUploadBytes = 20 * 1024 * 1024

  /// The page's files: `[name, file name, type, base64]` each; the file name reduced to its
  /// last component with quotes and control characters replaced, the type from the name when
  /// the browser gave none.
  static func uploads(_ value: JSONValue?) throws(ExplorerError) -> [GraphUpload] {
    var total = 0
    return try (value?.arrayValue ?? []).map { item throws(ExplorerError) -> GraphUpload in
      let name = item[0]?.stringValue ?? ""
      let given = item[1]?.stringValue ?? ""
      guard !name.isEmpty, let bytes = Data(base64Encoded: item[3]?.stringValue ?? "") else {
        throw .failed("the file '\(TerminalText.escaped(given))' came without a name or its bytes")
      }
      total += bytes.count
      guard total <= maxUploadBytes else {
        throw .failed("the files are larger than \(maxUploadBytes / 1024 / 1024) MB")
      }
      let last =
        given.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
      let filename = String(
        String.UnicodeScalarView(
          last.unicodeScalars.map { $0.value < 0x20 || $0 == "\"" || $0.value == 0x7F ? "_" : $0 }))
      let type = item[2]?.stringValue ?? ""
      return GraphUpload(
        name: name, filename: filename.isEmpty ? "file" : filename,
        contentType: type.isEmpty ? Session.contentType(forFileName: filename) : type,
        bytes: [UInt8](bytes))
    }
  }

  /// Text taken as it is (no `{#1.id}` variables).
  static func literal(_ text: String) -> Template { Template(segments: [.text(text)]) }
}

extension Parameter {
  /// Whether the parameter is an upload (`name@file`).
  var isFile: Bool {
    if case .file = value { return true }
    return false
  }
}

extension Parameter.Value {
  /// The text of a `.text` value as the page gave it.
  var literalText: String {
    switch self {
    case .text(let template), .file(let template): return template.description
    default: return ""
    }
  }
}
