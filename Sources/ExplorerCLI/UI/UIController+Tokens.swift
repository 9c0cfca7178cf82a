import GraphAPI
import GraphEmulator
import GraphJSON

/// The token panel's calls and the field tree's metadata. None of these requests enters the
/// history or a recording: they go to the target's own transport, as completion's do.
extension UIController {
  /// `{"token": T}` sets the session's token (from the login dialog's redirect or pasted),
  /// `{"token": null}` clears it; answers the token's info.
  func setToken(_ body: JSONValue) async throws(ExplorerError) -> JSONValue {
    let given = body["token"]?.stringValue?.trimmingSpaces
    session.token = given.flatMap { $0.isEmpty ? nil : session.testToken(named: $0) ?? $0 }
    return try await tokenInfo()
  }

  /// The token as `debug_token` describes it (valid or not and why, app, person, expiry,
  /// scopes), asked with the token itself, beside the masked token and the session's state.
  func tokenInfo() async throws(ExplorerError) -> JSONValue {
    guard let token = session.token else { return ["token": .null, "state": state()] }
    var query = QueryItems()
    query.append("input_token", token)
    let request = GraphRequest(
      .get, "debug_token", parameters: query, version: session.version, accessToken: token
    ).httpRequest(baseURL: session.baseURL)
    let answer = try await fetch(request)
    let info = (try? JSONParser.parse(answer.body)) ?? .string(answer.bodyText)
    let scopes = info["data"]?["scopes"]?.arrayValue ?? []
    let pages =
      scopes.contains("manage_pages")
      ? try await accounts(token).map { page -> JSONValue in
        ["id": page["id"] ?? .null, "name": page["name"] ?? .null]
      } : []
    return [
      "token": .string(Redaction.mask(token)), "info": info, "pages": .array(pages),
      "state": state(),
    ]
  }

  /// The Pages `token`'s person manages, with their tokens, as `me/accounts` lists them.
  func accounts(_ token: String) async throws(ExplorerError) -> [JSONValue] {
    var query = QueryItems()
    query.append("fields", "id,name,access_token")
    query.append("limit", "100")
    let request = GraphRequest(
      .get, "me/accounts", parameters: query, version: session.version, accessToken: token,
      appSecret: session.appSecret
    ).httpRequest(baseURL: session.baseURL)
    let answer = try await fetch(request)
    return (try? JSONParser.parse(answer.body))?["data"]?.arrayValue ?? []
  }

  /// `{"page": ID}`: the session's token becomes that Page's, as `me/accounts` gives it to
  /// the person whose token the session holds (one click in the panel).
  func pageToken(_ body: JSONValue) async throws(ExplorerError) -> JSONValue {
    guard let token = session.token else { throw .failed("get a person's token first") }
    let page = body["page"]?.stringValue ?? ""
    guard
      let pageToken = try await accounts(token).first(where: { $0["id"]?.stringValue == page })?[
        "access_token"]?.stringValue
    else {
      throw .failed(
        "me/accounts lists no Page \(page) for this token: "
          + "it needs manage_pages and a person who manages the Page")
    }
    session.token = pageToken
    return try await tokenInfo()
  }

  /// `{"path": P, "version": V}`: the fields and edges of the node at `P` from `metadata=1`
  /// at `V`; for an edge, those of its first item.
  func metadata(_ body: JSONValue) async throws(ExplorerError) -> JSONValue {
    let path = body["path"]?.stringValue ?? ""
    guard !path.isEmpty else { throw .failed("metadata needs a path") }
    let kept = session.version
    if let version = body["version"]?.stringValue, !version.isEmpty { session.version = version }
    defer { session.version = kept }
    guard var answer = await session.metadata(of: path) else {
      throw .failed("\(path)?metadata=1 did not answer 200 (is there a token?)")
    }
    if answer["metadata"] == nil {
      guard let id = answer["data"]?[0]?["id"]?.stringValue,
        let item = await session.metadata(of: id)
      else { throw .failed("\(path) has no item to read the fields of") }
      answer = item
    }
    let metadata = answer["metadata"] ?? .null
    let connections = (metadata["connections"]?.objectValue?.members ?? []).map {
      JSONValue.string($0.key)
    }
    return [
      "path": .string(path),
      "type": metadata["type"] ?? .null,
      "fields": metadata["fields"] ?? .array([]),
      "connections": .array(connections),
    ]
  }

  func fetch(_ request: HTTPRequest) async throws(ExplorerError) -> HTTPResponse {
    do {
      return try await session.transport(for: .lookup).send(request)
    } catch {
      throw .transport("\(URLParts(request.url)?.host ?? "the target"): \(error)")
    }
  }
}
