import GraphAPI
import GraphEmulator
import GraphJSON

/// `dialog feed|apprequests|oauth`, `login --code-flow`, `token exchange` and `events`: the
/// emulator's login, dialog and app surface as an SDK sees it. Each sends the requests the SDK
/// (or a person pressing the dialog's button) would send, to the emulator.
extension REPL {
  /// Where a code-flow login says the dialog should send the person back.
  static let codeFlowRedirect = "https://www.facebook.com/connect/login_success.html"

  func dialog(_ name: String, _ words: [String], cancel: Bool) throws(ExplorerError) -> String {
    let emulator = try emulatorFor("dialog")
    guard ["feed", "apprequests", "oauth"].contains(name) else {
      throw .failed("dialog: expected feed, apprequests or oauth, found '\(name)'")
    }
    var form = QueryItems()
    for word in words {
      guard let eq = word.firstIndex(of: "="), eq != word.startIndex else {
        throw .failed("dialog: expected name=value, found '\(word)'")
      }
      form.append(String(word[..<eq]), String(word[word.index(after: eq)...]))
    }
    let app = emulator.world.app
    if name == "oauth" {
      if form["client_id"] == nil { form.append("client_id", app.id) }
      if form["redirect_uri"] == nil { form.append("redirect_uri", "fb\(app.id)://authorize") }
      if form["person"] == nil {
        let user = session.token.flatMap { emulator.tokenRecord($0)?.userID }
        form.append("person", user ?? emulator.world.defaultUserID)
      }
    } else {
      if form["app_id"] == nil { form.append("app_id", app.id) }
      if form["access_token"] == nil, let token = session.token {
        form.append("access_token", token)
      }
    }
    form.append("decision", cancel ? "cancel" : "approve")
    let response = post(emulator, "dialog/\(name)", form)
    guard response.status == 302, let location = response.headers["Location"] else {
      let why = Self.pageError(response)
      let near = Self.permissionNamed(in: why).flatMap {
        Suggestion.closest(to: $0, among: knownPermissions)
      }
      return "dialog \(name) did not complete: \(why)"
        + (near.map { " (did you mean \($0)?)" } ?? "") + "\n"
        + "FBWebDialogResultDialogNotCompleted\n"
    }
    var lines = ["redirect  \(Self.maskSecrets(location))"]
    let parts = Self.redirectParameters(location)
    for item in parts {
      lines.append(
        "  \(item.name) = \(Self.isSecret(item.name) ? Redaction.mask(item.value) : item.value)")
    }
    switch name {
    case "feed":
      let post = parts.first { $0.name == "post_id" }?.value
      lines.append(
        "FBWebDialogResultDialogCompleted · "
          + (post.map { "posted \($0) (GET \($0) reads it)" } ?? "no post_id: the person cancelled")
      )
    case "apprequests":
      let request = parts.first { $0.name == "request" }?.value
      lines.append(
        "FBWebDialogResultDialogCompleted · "
          + (request.map { "request \($0) sent (GET me/apprequests as a recipient lists it)" }
            ?? "no request: the person cancelled"))
    default:
      if let error = parts.first(where: { $0.name == "error" })?.value {
        lines.append("FBSessionStateClosedLoginFailed · \(error)")
      } else if let token = parts.first(where: { $0.name == "access_token" })?.value {
        session.token = token
        lines.append("FBSessionStateOpen · the session now uses the dialog's token")
      } else {
        lines.append("code issued: exchange it with oauth/access_token (login --code-flow does)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `login --code-flow [<person>] [<permission> ...]`: the OAuth dialog approved, then its
  /// code exchanged at `oauth/access_token` with the app's secret, as a web server does.
  func loginCodeFlow(_ person: String?, _ permissions: [String]) throws(ExplorerError) -> String {
    let emulator = try emulatorFor("login --code-flow")
    let app = emulator.world.app
    var dialog = QueryItems()
    dialog.append("client_id", app.id)
    dialog.append("redirect_uri", Self.codeFlowRedirect)
    dialog.append("scope", permissions.joined(separator: ","))
    dialog.append("person", person ?? emulator.world.defaultUserID)
    dialog.append("decision", "approve")
    let redirect = post(emulator, "dialog/oauth", dialog)
    guard let location = redirect.headers["Location"],
      let code = Self.redirectParameters(location).first(where: { $0.name == "code" })?.value
    else { throw .failed("login --code-flow: \(Self.pageError(redirect))") }
    var exchange = QueryItems()
    exchange.append("client_id", app.id)
    exchange.append("client_secret", app.secret)
    exchange.append("redirect_uri", Self.codeFlowRedirect)
    exchange.append("code", code)
    let (token, expires) = try tokenAnswer(emulator, exchange, "login --code-flow")
    session.token = token
    let record = emulator.tokenRecord(token)
    let name = record?.userID.flatMap { id in
      emulator.people.first { $0.id == id }.map { "\($0.name) (\(id))" }
    }
    return "FBSessionStateOpen · \(name ?? "?") · "
      + (record?.scopes.joined(separator: ", ") ?? "")
      + " · code \(Redaction.mask(code)) exchanged for a token expiring in \(expires / 86_400) days"
  }

  /// `token exchange`: `grant_type=fb_exchange_token` for a 60-day token.
  func tokenExchange() throws(ExplorerError) -> String {
    let emulator = try emulatorFor("token exchange")
    guard let current = session.token else { throw .failed("token exchange: no token") }
    let app = emulator.world.app
    var exchange = QueryItems()
    exchange.append("grant_type", "fb_exchange_token")
    exchange.append("client_id", app.id)
    exchange.append("client_secret", app.secret)
    exchange.append("fb_exchange_token", current)
    let (token, expires) = try tokenAnswer(emulator, exchange, "token exchange")
    session.token = token
    return "FBSessionStateOpenTokenExtended · long-lived token \(Redaction.mask(token)), "
      + "expires in \(expires / 86_400) days"
  }

  /// `events`: the app events logged in this session.
  func appEventsListing() throws(ExplorerError) -> String {
    let events = try emulatorFor("events").appEvents
    guard !events.isEmpty else { return "no app events logged (POST <app-id>/activities)\n" }
    return events.enumerated().map { index, event in
      var line = "#\(index + 1) \(event.createdTime) \(event.event)"
      if !event.names.isEmpty { line += " " + event.names.joined(separator: ", ") }
      if let flag = event.advertiserTrackingEnabled { line += " advertiser_tracking=\(flag)" }
      if let flag = event.applicationTrackingEnabled { line += " application_tracking=\(flag)" }
      return line
    }.joined(separator: "\n") + "\n"
  }

  private func emulatorFor(_ command: String) throws(ExplorerError) -> GraphEmulator {
    guard let emulator = session.emulator else {
      throw .failed(
        "\(command) works on the emulator; this session's target is \(session.targetName)")
    }
    return emulator
  }

  private func post(_ emulator: GraphEmulator, _ path: String, _ form: QueryItems) -> HTTPResponse {
    var form = form
    // The person presses the button on the page the dialog showed, which carries its token.
    if path == "dialog/oauth" {
      form.append("fb_dtsg", emulator.dialogFormToken(oauth: form))
    }
    var request = HTTPRequest(
      method: GraphMethod.post.rawValue, url: "https://www.facebook.com/\(path)")
    request.headers["Content-Type"] = "application/x-www-form-urlencoded"
    request.body = Array(form.formEncoded.utf8)
    return emulator.answer(request)
  }

  /// Sends `oauth/access_token` and reads the token and its lifetime (JSON or form-encoded).
  private func tokenAnswer(_ emulator: GraphEmulator, _ query: QueryItems, _ command: String)
    throws(ExplorerError) -> (String, Int)
  {
    let prefix = session.version.map { "/\($0)" } ?? ""
    let response = emulator.answer(
      HTTPRequest(
        method: GraphMethod.get.rawValue,
        url: "https://graph.facebook.com\(prefix)/oauth/access_token?\(query.queryString)"))
    let text = String(decoding: response.body, as: UTF8.self)
    if let json = try? JSONParser.parse(text) {
      if let message = json["error"]?["message"]?.stringValue {
        throw .failed("\(command): \(message)")
      }
      if let token = json["access_token"]?.stringValue {
        return (token, json["expires_in"]?.numberValue?.intValue ?? 0)
      }
    }
    let form = QueryItems(parsing: text)
    guard let token = form["access_token"] else {
      throw .failed("\(command): oauth/access_token answered no token")
    }
    return (token, form["expires"].flatMap { Int($0) } ?? 0)
  }

  static func isSecret(_ name: String) -> Bool {
    name == "code" || SecretParameters.contains(name)
  }

  /// The query and fragment parameters of a redirect URL.
  static func redirectParameters(_ url: String) -> [QueryItems.Item] {
    var items: [QueryItems.Item] = []
    let noFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    if let query = noFragment[0].split(separator: "?", maxSplits: 1).dropFirst().first {
      items += QueryItems(parsing: String(query).replacingAll("+", with: " ")).items
    }
    if noFragment.count > 1 {
      items += QueryItems(parsing: String(noFragment[1]).replacingAll("+", with: " ")).items
    }
    return items
  }

  /// A redirect URL with its code and token values masked.
  static func maskSecrets(_ url: String) -> String {
    var out = ""
    var name = ""
    var inValue = false
    var value = ""
    func flush() {
      out += isSecret(name) && !value.isEmpty ? Redaction.mask(value) : value
      value = ""
    }
    for character in url {
      if inValue {
        if "&#".contains(character) {
          flush()
          out.append(character)
          inValue = false
          name = ""
        } else {
          value.append(character)
        }
      } else {
        out.append(character)
        if character == "=" {
          inValue = true
        } else if "?&#".contains(character) {
          name = ""
        } else {
          name.append(character)
        }
      }
    }
    if inValue { flush() }
    return out
  }

  /// The message of a dialog's error page, or the status.
  static func pageError(_ response: HTTPResponse) -> String {
    let html = String(decoding: response.body, as: UTF8.self)
    if let start = html.range(of: "<p id=\"error\">"),
      let end = html.range(of: "</p>", range: start.upperBound..<html.endIndex)
    {
      var text = String(html[start.upperBound..<end.lowerBound])
      for (entity, character) in [
        ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&"),
      ] {
        text = text.replacingAll(entity, with: character)
      }
      return text
    }
    return "HTTP \(response.status)"
  }
}
