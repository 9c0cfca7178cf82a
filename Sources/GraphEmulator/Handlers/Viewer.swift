/// Who is calling: the token's record, resolved and validated against the world.
struct Viewer: Sendable {
  var record: TokenRecord?
  /// Called with the app's client token (`APPID|CLIENTTOKEN`): no user, no app token, but
  /// accepted where Graph takes a client token (app events, app settings).
  var isClientToken = false

  var userID: String? { record?.kind == .user ? record?.userID : nil }
  /// The Page a Page token acts as.
  var pageID: String? { record?.kind == .page ? record?.pageID : nil }
  var isApp: Bool { record?.kind == .app }
  var hasToken: Bool { record != nil }

  func has(_ permission: String) -> Bool { record?.scopes.contains(permission) ?? false }

  /// Validates `token` (reference, "Errors", code 190 and its subcodes).
  static func resolve(_ token: String?, in world: World, now: Int) -> Result<Viewer, GraphError> {
    guard let token, !token.isEmpty else { return .success(Viewer(record: nil)) }
    if let client = world.app.clientToken, isClientToken(token, app: world.app.id, client: client) {
      return .success(Viewer(record: nil, isClientToken: true))
    }
    guard let record = world.tokens[token] ?? world.appCredentialRecord(token) else {
      return .failure(looksMalformed(token) ? .malformedToken(token) : .invalidToken)
    }
    switch record.kind {
    case .malformed:
      return .failure(.malformedToken(token))
    case .app:
      return .success(Viewer(record: record))
    case .user, .page:
      if let subcode = record.invalidation {
        return .failure(.invalidated(subcode: subcode))
      }
      if let expiry = record.expiresAt, expiry <= now {
        return .failure(.expired(at: expiry, now: now))
      }
      if let user = record.userID, world.deauthorized.contains(user) {
        return .failure(.notAuthorized(user: user, app: world.app.id))
      }
      return .success(Viewer(record: record))
    }
  }

  /// Whether `token` is the app's client token, `APP_ID|CLIENT_TOKEN` (compared as `String`s
  /// are, by canonical equivalence). ASCII texts are compared as bytes, with no string made
  /// per request (issue 48); any other goes through the `String` comparison.
  static func isClientToken(_ token: String, app: String, client: String) -> Bool {
    let (text, id, secret) = (token.utf8, app.utf8, client.utf8)
    guard text.allSatisfy({ $0 < 0x80 }), id.allSatisfy({ $0 < 0x80 }),
      secret.allSatisfy({ $0 < 0x80 })
    else { return token == "\(app)|\(client)" }
    return text.count == id.count + 1 + secret.count && text.starts(with: id)
      && text.dropFirst(id.count).first == UInt8(ascii: "|")
      && text.dropFirst(id.count + 1).elementsEqual(secret)
  }

  /// A token with characters no Graph token has.
  static func looksMalformed(_ token: String) -> Bool {
    !token.unicodeScalars.allSatisfy {
      ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        || $0 == "|" || $0 == "_" || $0 == "-"
    }
  }
}
