import GraphAPI
import GraphEmulator
import GraphJSON

/// `login` and `grant` when the target is a served emulator (`--target http://127.0.0.1:PORT`,
/// `graph-explorer serve`): the token must be one the server knows, so they go through its
/// login dialog as a person's browser does (the page, its form token, Okay) and take the token
/// its redirect carries; against the live Graph API they say what to do instead
/// (issue 29: the token used to exist only in the REPL's own process, and the next call got
/// 190).
extension REPL {
  /// Where the served dialog is asked to send the person back (a loopback URI every served
  /// emulator's app allows).
  static let servedLoginRedirect = "http://localhost/graph-explorer-login"

  /// Logs in `person` (or the world's default user) with `permissions` through the target's
  /// dialog, or says in one line why that cannot be done here.
  func servedLogin(
    _ command: String, _ person: String?, _ permissions: [String]
  ) async throws(ExplorerError) -> String {
    switch session.target {
    case .emulator, .replay:
      // `REPL.login` and `grant` keep these sessions (REPL+Login.swift).
      throw .failed("\(command): the target is \(session.target.phrase), not a served emulator")
    case .network where session.target.isLive:
      throw .failed(
        "\(command) works on the emulator: against the live Graph API set a token your app's "
          + "login gave (token EAAB...) or log in with login --code-flow on the emulator")
    case .network(let origin, _):
      var scope = permissions
      var person = person
      // `grant` logs the token's own person in again with what they hold and the new ones.
      if command == "grant", let current = session.token,
        let (id, granted) = try await personAndScopes(origin: origin, token: current)
      {
        scope =
          granted.filter { $0 != "public_profile" }
          + permissions.filter { !granted.contains($0) }
        person = id
      }
      var form = QueryItems()
      form.append("client_id", World.default.app.id)
      form.append("redirect_uri", Self.servedLoginRedirect)
      form.append("response_type", "token")
      form.append("scope", scope.joined(separator: ","))
      // `grant` asks again as the SDK's requestNew...Permissions does, declined ones included.
      if command == "grant" { form.append("auth_type", "rerequest") }
      if let person { form.append("person", person) }
      let dialog = origin + "/dialog/oauth"
      let page = try await fetch(HTTPRequest(.get, url: dialog + "?" + form.formEncoded))
      guard page.status == 200, let token = Self.formToken(page.bodyText) else {
        throw .failed(
          "\(command): \(origin) answered its login dialog with \(page.status) "
            + "(\(Self.pageError(page))): is it graph-explorer serve on the default world?")
      }
      // No person named: the one the page offers first, as Okay would log in.
      if person == nil, let first = Self.firstPerson(page.bodyText) { form.append("person", first) }
      form.append("fb_dtsg", token)
      form.append("decision", "approve")
      let answer = try await fetch(
        HTTPRequest(
          .post, url: dialog, headers: ["Content-Type": "application/x-www-form-urlencoded"],
          body: Array(form.formEncoded.utf8)))
      guard answer.status == 302, let location = answer.headers["Location"],
        let fragment = location.split(separator: "#", maxSplits: 1).dropFirst().first,
        let minted = QueryItems(parsing: String(fragment))["access_token"]
      else {
        throw .failed("\(command): \(origin)'s dialog did not log in: \(Self.pageError(answer))")
      }
      session.token = minted
      return "FBSessionStateOpen · through \(origin)'s login dialog · "
        + (["public_profile"] + scope).joined(separator: ", ")
    }
  }

  /// The person `token` belongs to on the server at `origin` and the permissions it holds
  /// (`me?fields=id,permissions`, one request), or nil when the server does not say.
  private func personAndScopes(origin: String, token: String) async throws(ExplorerError)
    -> (String, [String])?
  {
    var query = QueryItems()
    query.append("fields", "id,permissions")
    query.append("access_token", token)
    let answer = try await fetch(HTTPRequest(.get, url: origin + "/v2.2/me?" + query.formEncoded))
    guard let me = try? JSONParser.parse(answer.body), let id = me["id"]?.stringValue else {
      return nil
    }
    let granted = (me["permissions"]?["data"]?.arrayValue ?? []).compactMap { item -> String? in
      guard item["status"]?.stringValue == "granted" else { return nil }
      return item["permission"]?.stringValue
    }
    return (id, granted)
  }

  private func fetch(_ request: HTTPRequest) async throws(ExplorerError) -> HTTPResponse {
    do {
      return try await session.transport(for: .lookup).send(request)
    } catch {
      throw .transport("\(URLParts(request.url)?.host ?? request.url): \(error)")
    }
  }

  /// The person a login page offers first (its checked radio button).
  static func firstPerson(_ html: String) -> String? {
    attribute(after: "name=\"person\" value=\"", in: html)
  }

  /// The `fb_dtsg` value of a dialog page.
  static func formToken(_ html: String) -> String? {
    attribute(after: "name=\"fb_dtsg\" value=\"", in: html)
  }

  /// The quoted value that follows the first `prefix` in `html`, `nil` when empty or absent.
  private static func attribute(after prefix: String, in html: String) -> String? {
    guard let start = html.range(of: prefix) else { return nil }
    let value = html[start.upperBound...].prefix { $0 != "\"" }
    return value.isEmpty ? nil : String(value)
  }
}
