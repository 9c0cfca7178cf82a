import GraphAPI
import GraphJSON

/// `oauth/access_token`: app tokens (`client_credentials`), code exchange and long-lived
/// tokens (`fb_exchange_token`).
extension Router {
  /// Long-lived tokens (code exchange, `fb_exchange_token`) last 60 days.
  static let longLivedSeconds = 60 * 86_400
  /// A code from the OAuth dialog is good for ten minutes of emulated time.
  static let codeLifetime = 600

  mutating func oauthAccessToken(_ call: GraphCall) throws(GraphError) -> Outcome {
    guard call.verb == .get || call.verb == .post else {
      throw .unsupported(call.method, id: "oauth")
    }
    if call["grant_type"] == "fb_extend_sso_token" { return try extendSSOToken(call) }
    guard let clientID = call["client_id"], !clientID.isEmpty else { throw .missingClientID }
    guard let app = state.world.app(id: clientID) else {
      // Graph reads the id as a number: one with no leading digit fails unlike an unknown one.
      let numeric = clientID.utf8.first.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
      throw numeric == true ? .invalidApplicationID : .unreadableClientID
    }
    guard let secret = call["client_secret"], !secret.isEmpty, secret == app.secret else {
      throw .invalidClientSecret
    }
    let style = OAuthAnswerStyle(version: call.version)
    switch call["grant_type"] {
    case "client_credentials":
      return tokenAnswer(appToken(of: app), expiresIn: nil, style: style)
    case "fb_exchange_token":
      guard let short = call["fb_exchange_token"], !short.isEmpty else {
        throw .missingExchangeToken
      }
      let viewer = try Viewer.resolve(short, in: state.world, now: state.now).get()
      guard let record = viewer.record, record.kind == .user, let userID = record.userID,
        let user = state.world.nodes[userID]
      else { throw .invalidToken }
      let token = mintLongLived(user: user, scopes: record.scopes)
      return tokenAnswer(token, expiresIn: Self.longLivedSeconds, style: style)
    case nil, "authorization_code":
      guard let code = call["code"], !code.isEmpty else { throw .unsupportedGrant(nil) }
      guard let redirect = call["redirect_uri"] else { throw .missingRedirectURI }
      guard var record = state.surface.codes[code] else { throw .invalidCodeFormat }
      guard !record.used else { throw .codeUsed }
      guard state.now < record.expiresAt else { throw .codeExpired }
      guard redirect == record.redirectURI else { throw .redirectURIMismatch }
      record.used = true
      state.mutate { $0.surface.codes[code] = record }
      guard let user = state.world.nodes[record.userID] else { throw .invalidCodeFormat }
      let token = mintLongLived(user: user, scopes: record.scopes)
      return tokenAnswer(token, expiresIn: Self.longLivedSeconds, style: style)
    case let other?:
      throw .unsupportedGrant(other)
    }
  }

  /// The app token `client_credentials` answers: `APPID|` and 27 characters derived from the
  /// secret, the same on every call (Graph's app tokens do not change until the secret does).
  mutating func appToken(of app: AppInfo) -> String {
    let digest = HMACSHA256.hex(app.id, key: app.secret)
    let token = "\(app.id)|\(digest.prefix(27))"
    if state.world.tokens[token] == nil {
      state.mutate {
        $0.world.addToken(
          TokenRecord(token: token, kind: .app, summary: "minted by oauth/access_token"))
      }
    }
    return token
  }

  /// A new user token for `user` with `scopes`, expiring in 60 days.
  mutating func mintLongLived(user: Node, scopes: [String]) -> String {
    let change = GraphEmulator.mint(&state, user: user, scopes: scopes, as: .open)
    let token = change.token ?? ""
    let expiry = state.now + Self.longLivedSeconds
    state.mutate { contents in
      contents.world.tokens[token]?.expiresAt = expiry
      contents.world.deauthorized.remove(user.id)
    }
    return token
  }

  /// Issues a code for the OAuth dialog's redirect (also the REPL's `login --code-flow`).
  mutating func issueCode(userID: String, scopes: [String], redirectURI: String) -> String {
    let suffix = state.secrets.suffix()
    let expiresAt = state.now + Self.codeLifetime
    return state.mutate { contents in
      let code = "AQEmuCode\(contents.surface.nextCode)x\(userID.suffix(4))" + suffix
      contents.surface.nextCode += 1
      contents.surface.codes[code] = AuthorizationCode(
        code: code, userID: userID, scopes: scopes, redirectURI: redirectURI,
        expiresAt: expiresAt)
      return code
    }
  }

  func tokenAnswer(_ token: String, expiresIn: Int?, style: OAuthAnswerStyle) -> Outcome {
    switch style {
    case .formEncoded:
      var items = QueryItems()
      items.append("access_token", token)
      if let expiresIn { items.append("expires", String(expiresIn)) }
      // Graph wrote an app token's `|` as it is (`access_token=APPID|SECRET&expires=...`).
      let text = items.formEncoded.replacingAll("%7C", with: "|")
      return .document(contentType: "text/plain; charset=UTF-8", body: Array(text.utf8))
    case .json:
      var object = JSONObject()
      object.append("access_token", .string(token))
      object.append("token_type", "bearer")
      if let expiresIn { object.append("expires_in", .number(JSONNumber(expiresIn))) }
      return .json(.object(object))
    }
  }
}

extension World {
  /// `APPID|APPSECRET` stands for an app token wherever one is accepted.
  func appCredentialRecord(_ token: String) -> TokenRecord? {
    let bar = token.firstIndex(of: "|").map { String(token[..<$0]) } ?? ""
    guard let app = self.app(id: bar), !app.secret.isEmpty, token == "\(app.id)|\(app.secret)"
    else { return nil }
    return TokenRecord(token: token, kind: .app, summary: "the app's id and secret")
  }
}
