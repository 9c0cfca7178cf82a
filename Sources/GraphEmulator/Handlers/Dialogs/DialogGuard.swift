import GraphAPI

/// The login dialog's defence against cross-site requests. The page's form carries `fb_dtsg`
/// (the name facebook.com gave its form token), an HMAC under a key only the emulator holds
/// over the dialog's own parameters, so a token fits only the page it was served on. A POST is
/// carried out only with the token that fits its parameters and, when the browser names an
/// `Origin`, only from the dialog's own origin (a browser sends `Origin` on every form POST;
/// `null` from a sandboxed or `data:` page is refused). **[choice]**: the fields bound and the
/// page shown when the check fails.
enum DialogGuard {
  static let field = "fb_dtsg"

  /// The form token for the dialog at `path` with `call`'s values of `fields`.
  static func token(_ call: GraphCall, fields: [String], path: String, key: [UInt8]) -> String {
    var message = path
    for name in fields {
      message += "\n\(name)"
      if let value = call[name] { message += "=\(value)" }
    }
    let mac = HMACSHA256.authenticate(Array(message.utf8), key: key)
    return mac.prefix(16).map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }

  /// Why a POST to the dialog is refused, or nil when it may go ahead.
  static func refusal(_ call: GraphCall, fields: [String], path: String, key: [UInt8]) -> String? {
    if let origin = call.originHeader, origin != call.origin {
      return "The form was sent from \(origin), not from this dialog's page."
    }
    let expected = token(call, fields: fields, path: path, key: key)
    guard let given = call[field], constantTimeEqual(given, expected) else {
      return "The form's security token is missing or does not fit this dialog's page."
    }
    return nil
  }

  /// The hidden input carrying the token.
  static func hiddenInput(_ call: GraphCall, fields: [String], path: String, key: [UInt8])
    -> String
  {
    "<input type=\"hidden\" name=\"\(field)\" value=\"\(token(call, fields: fields, path: path, key: key))\">"
  }

  static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for index in x.indices { difference |= x[index] ^ y[index] }
    return difference == 0
  }
}

extension GraphEmulator {
  /// The form token the login dialog's page carries for `parameters`: what an in-process
  /// client (the REPL's `login --code-flow`, `dialog oauth`) reads off the page it would show.
  public func dialogFormToken(oauth parameters: QueryItems) -> String {
    let call = GraphCall(
      request: HTTPRequest(url: "https://www.facebook.com/dialog/oauth?\(parameters.formEncoded)"),
      defaultVersion: .v2_2)
    return withState { state in
      DialogGuard.token(
        call, fields: Router.oauthFormFields, path: "dialog/oauth", key: state.formKey)
    }
  }
}
