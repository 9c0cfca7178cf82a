import GraphAPI

/// `GET /dialog/oauth`: the login dialog. The page names the app and the permissions asked and
/// lets a person choose who logs in; its form posts back to the same path, which redirects to
/// `redirect_uri` with `code` (or `#access_token=...` for `response_type=token`), or with
/// `error=access_denied...` when cancelled.
extension Router {
  /// How many of the world's people the page offers (a generated world may have thousands;
  /// anyone else can be typed as an id).
  static let dialogPeopleShown = 40
  /// The parameters the login form carries back when it posts.
  /// The text of the page a redirect URI the app does not allow gets.
  static let blockedRedirect =
    "This redirect failed because the redirect URI is not whitelisted in the app's Client "
    + "OAuth Settings. Make sure Client and Web OAuth Login are on and add all your app "
    + "domains as Valid OAuth Redirect URIs."
  static let oauthFormFields = [
    "client_id", "app_id", "redirect_uri", "scope", "state", "response_type", "display", "type",
    "return_scopes", "auth_type",
  ]
  /// The form's marker that it carries the person's ticks (`grant`, one per permission kept).
  static let choicesMarker = "choices"

  mutating func oauthDialog(_ call: GraphCall) throws(GraphError) -> Outcome {
    let app = state.world.app
    guard let clientID = call["client_id"] ?? call["app_id"], clientID == app.id else {
      return DialogPage.error(
        "Invalid App ID", "The provided app ID does not look like a valid app ID.")
    }
    guard let redirect = call["redirect_uri"], ValidRedirect.allows(redirect, appID: app.id) else {
      return DialogPage.error("URL Blocked", Self.blockedRedirect)
    }
    let scopes = Self.scopeList(call["scope"])
    if let unknown = scopes.first(where: { !GraphEmulator.permissionNames.contains($0) }) {
      return DialogPage.error("Invalid Scopes", "Invalid Scopes: \(unknown).")
    }
    guard call.verb == .post, let decision = call["decision"] else {
      return oauthDialogPage(call, app: app, scopes: scopes)
    }
    if let refusal = DialogGuard.refusal(
      call, fields: Self.oauthFormFields, path: "dialog/oauth", key: state.formKey)
    {
      return DialogPage.error("Security check failed", refusal)
    }
    var query = QueryItems()
    guard decision == "approve" else {
      query.append("error", "access_denied")
      query.append("error_code", "200")
      query.append("error_description", "Permissions error")
      query.append("error_reason", "user_denied")
      if let stateValue = call["state"] { query.append("state", stateValue) }
      return .redirect(DialogRedirect.url(redirect, query: query))
    }
    guard let person = call["person"], let user = GraphEmulator.findPerson(person, in: state.world)
    else {
      return DialogPage.error("Unknown person", "No one in the world is '\(call["person"] ?? "")'.")
    }
    state.mutate { contents in
      contents.world.app.users?.insert(user.id)
      contents.world.deauthorized.remove(user.id)
    }
    let ticks = call.params.items.filter { $0.name == "grant" }.map(\.value)
    let choice = LoginChoice(
      asked: scopes, ticked: call[Self.choicesMarker] == nil ? nil : ticks,
      prior: state.grants(of: user.id), rerequest: call["auth_type"] == "rerequest")
    // The token holds everything the person has granted the app, this login's and before.
    let granted = state.recordGrants(user.id, granted: choice.granted, declined: choice.declined)
    // `return_scopes=true`: `granted_scopes` (all the person has granted the app) and
    // `denied_scopes` (those asked and declined), comma lists beside the token or code, as the
    // iOS SDK 3.x's FBSession reads them. [choice] that granted_scopes lists earlier grants too.
    let returnScopes = call.flag("return_scopes")
    let denied = choice.declined.joined(separator: ",")
    // The client-side flow: `response_type=token`, or `type=user_agent` as the legacy Facebook
    // SDK asks (Facebook.m authorizeWithFBAppAuth:safariAuth: at tag v1.last); the JavaScript
    // SDK's `FB.login` asks `token,signed_request` and keeps the signed request in its
    // `fbsr_APPID` cookie.
    let types = Set(
      (call["response_type"] ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(
        String.init))
    if types.contains("token") || types.contains("signed_request") || call["type"] == "user_agent" {
      var fragment = QueryItems()
      if !types.contains("signed_request") || types.contains("token") {
        fragment.append("access_token", mintLongLived(user: user, scopes: granted))
        fragment.append("expires_in", String(Self.longLivedSeconds))
      }
      if types.contains("signed_request") {
        fragment.append("signed_request", signedRequest(user: user, scopes: granted))
      }
      if returnScopes {
        fragment.append("granted_scopes", granted.joined(separator: ","))
        fragment.append("denied_scopes", denied)
      }
      if let stateValue = call["state"] { fragment.append("state", stateValue) }
      return .redirect(DialogRedirect.url(redirect, fragment: fragment))
    }
    query.append("code", issueCode(userID: user.id, scopes: granted, redirectURI: redirect))
    if returnScopes {
      query.append("granted_scopes", granted.joined(separator: ","))
      query.append("denied_scopes", denied)
    }
    if let stateValue = call["state"] { query.append("state", stateValue) }
    return .redirect(DialogRedirect.url(redirect, query: query))
  }

  func oauthDialogPage(_ call: GraphCall, app: AppInfo, scopes: [String]) -> Outcome {
    let e = DialogPage.escape
    // The public profile is always granted; every other permission has a box, ticked, the
    // person may untick.
    let optional = scopes.filter { !LoginChoice.required.contains($0) }
    let asked =
      (["<li>public_profile</li>"]
      + optional.map {
        "<li><label><input type=\"checkbox\" name=\"grant\" value=\"\(e($0))\" checked> "
          + "\(e($0))</label></li>"
      }).joined(separator: "\n")
    // A `person` named in the URL (a test user's login_url names one) comes first, chosen.
    let named = call["person"].flatMap { GraphEmulator.findPerson($0, in: state.world) }
    let shown =
      (named.map { [$0] } ?? [])
      + state.world.people.filter { $0.id != named?.id }.prefix(Self.dialogPeopleShown)
    let people = shown.enumerated().map {
      index, node in
      let name = node.string("name") ?? node.id
      return "<li><label><input type=\"radio\" name=\"person\" value=\"\(e(node.id))\""
        + (index == 0 ? " checked" : "") + "> \(e(name)) (\(e(node.id)))</label></li>"
    }.joined(separator: "\n")
    let body = """
      <h1>Log in to \(e(app.name))</h1>
      <form method="post" action="\(e(call.versionPrefix))/dialog/oauth">
      \(DialogPage.hidden(call, Self.oauthFormFields))
      \(DialogGuard.hiddenInput(call, fields: Self.oauthFormFields, path: "dialog/oauth", key: state.formKey))
      <input type="hidden" name="\(Self.choicesMarker)" value="1">
      <p>\(e(app.name)) will receive:</p>
      <ul id="permissions">
      \(asked)
      </ul>
      <p>Continue as:</p>
      <ul id="people">
      \(people)
      </ul>
      \(DialogPage.buttons(approve: "Okay"))
      </form>
      """
    return DialogPage(title: "Log in to \(app.name)", body: body).outcome
  }

  /// `scope=a,b` (commas or spaces) as a list.
  static func scopeList(_ text: String?) -> [String] {
    (text ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
  }
}
