import GraphAPI
import GraphEmulator
import GraphJSON

/// The JSON the page draws: an exchange, the session's state.
extension UIController {
  /// The most people the token panel lists (a generated world may have thousands).
  static let listed = 40

  /// One exchange: the request as sent (secrets masked), status, headers, timing, the version
  /// that answered, the body as text (the page parses it keeping numbers exact), `explain`'s
  /// text for an error and the request as code: one Get Code tab per language `CodeLanguage`
  /// declares (`language`, `title`, `text`).
  func view(of exchange: Exchange) -> JSONValue {
    let headers = exchange.response.headers.fields.map { field -> JSONValue in
      [.string(field.name), .string(field.value)]
    }
    let code = CodeLanguage.allCases.map { language -> JSONValue in
      [
        "language": .string(language.rawValue), "title": .string(language.declaration.title),
        "text": .string((try? repl.code(language.rawValue, exchange, withToken: false)) ?? ""),
      ]
    }
    let answered =
      exchange.response.headers["facebook-api-version"] ?? exchange.version ?? "unversioned"
    return [
      "number": .number(JSONNumber(exchange.number)),
      "line": .string(exchange.line),
      "method": .string(exchange.request.method),
      "url": .string(Redaction.redactURL(exchange.request.url)),
      "status": .number(JSONNumber(exchange.response.status)),
      "headers": .array(headers),
      "ms": .number(JSONNumber(Renderer.milliseconds(exchange.elapsed))),
      "version": .string(answered),
      "body": .string(exchange.response.bodyText),
      "explain": exchange.succeeded ? .null : .string(Explanation.text(for: exchange)),
      "code": .array(code),
    ]
  }

  /// What the page shows around the query: the target, recording, versions, the token, the
  /// world's app and people, the permissions, the history.
  func state() -> JSONValue {
    let world = session.target.isReplay || session.target.isLive ? nil : session.world
    let people = (world?.people.prefix(Self.listed) ?? []).map(Self.summary)
    let history = session.history.map { exchange -> JSONValue in
      [
        "number": .number(JSONNumber(exchange.number)), "line": .string(exchange.line),
        "status": .number(JSONNumber(exchange.response.status)),
        "ms": .number(JSONNumber(Renderer.milliseconds(exchange.elapsed))),
      ]
    }
    return [
      "target": .string(session.targetName),
      "recording": session.recorder.map { .string($0.file) } ?? .null,
      "versions": .array(VersionRegistry.releases.map { .string($0.version.description) }),
      "version": session.version.map { .string($0) } ?? .null,
      "token": session.token.map { .string(Redaction.mask($0)) } ?? .null,
      "app": world.map { ["id": .string($0.app.id), "name": .string($0.app.name)] } ?? .null,
      "people": .array(people),
      "permissions": .array(
        UIPermissions.groups.map { group in
          ["group": .string(group.name), "names": .array(group.names.map { .string($0) })]
        }),
      "history": .array(history),
    ]
  }

  static func summary(_ node: Node) -> JSONValue {
    ["id": .string(node.id), "name": .string(node.fields["name"]?.stringValue ?? node.id)]
  }
}
