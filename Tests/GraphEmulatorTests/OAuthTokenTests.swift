import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// `oauth/access_token`, `APPID|APPSECRET` and `debug_token` with app credentials (issue 13).
@Suite struct OAuthTokenTests {
  static let app = "233936543368280"
  static let secret = "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"
  static let credentials = "client_id=\(app)&client_secret=\(secret)"
  static let redirect = "http://localhost:8000/callback"

  /// Approves the OAuth dialog as `person` and returns the code of its redirect.
  static func code(
    _ emulator: GraphEmulator, person: String = "100001000000001", scope: String = "email",
    redirect: String = redirect
  ) throws -> String {
    let answer = submitOAuthDialog(
      emulator,
      [
        ("client_id", app), ("redirect_uri", redirect), ("scope", scope), ("state", "s1"),
        ("person", person),
      ])
    #expect(answer.status == 302)
    let location = try #require(answer.headers["Location"])
    #expect(location.hasPrefix(redirect + "?code="))
    #expect(location.hasSuffix("&state=s1"))
    return try #require(URLParts(location)?.queryItems["code"])
  }

  @Test func clientCredentialsAnswersJSONFromV2_3AndFormUpToV2_2() throws {
    let emulator = GraphEmulator()
    let json = call(
      emulator, "v2.8/oauth/access_token?grant_type=client_credentials&\(Self.credentials)",
      token: nil)
    #expect(json.status == 200)
    #expect(json.headers["Content-Type"] == "application/json; charset=UTF-8")
    let token = try #require(json.json?["access_token"]?.stringValue)
    #expect(token.hasPrefix(Self.app + "|") && token.count == Self.app.count + 28)
    #expect(json.json?["token_type"] == "bearer")
    #expect(json.json?["expires_in"] == nil)
    let form = call(
      emulator, "v2.2/oauth/access_token?grant_type=client_credentials&\(Self.credentials)",
      token: nil)
    #expect(form.headers["Content-Type"] == "text/plain; charset=UTF-8")
    #expect(QueryItems(parsing: form.text)["access_token"] == token, "the same app token")
    #expect(form.text == "access_token=\(token)", "the | written as it is, as Graph did")
    #expect(call(emulator, "v2.8/app?fields=id", token: token).json?["id"] == .string(Self.app))
  }

  @Test func wrongSecretUnknownAppAndMissingClientID() {
    let emulator = GraphEmulator()
    let wrong = call(
      emulator,
      "v2.8/oauth/access_token?grant_type=client_credentials&client_id=\(Self.app)"
        + "&client_secret=nope", token: nil)
    #expect(wrong.status == 400)
    #expect(wrong.json?["error"]?["message"] == "Error validating client secret.")
    #expect(wrong.json?["error"]?["code"] == 1)
    #expect(wrong.json?["error"]?["type"] == "OAuthException")
    let unknown = call(
      emulator, "v2.8/oauth/access_token?grant_type=client_credentials&client_id=1&client_secret=x",
      token: nil)
    #expect(
      unknown.json?["error"]?["message"] == "Error validating application. Invalid application ID.")
    #expect(unknown.json?["error"]?["code"] == 101)
    let missing = call(
      emulator, "v2.8/oauth/access_token?grant_type=client_credentials", token: nil)
    #expect(missing.json?["error"]?["message"] == "Missing client_id parameter.")
    #expect(missing.json?["error"]?["code"] == 101)
  }

  /// A `client_id` that does not begin with a digit is Graph's unknown error, HTTP 500, as
  /// G5's VCR recordings of Dec 2014 show for `foo`, `GetG5` and a secret sent in its place;
  /// one that does (`123abc…`, stackoverflow.com/questions/14575477) is 101. A wrong secret
  /// carries `invalid_request` (the same recordings).
  @Test func aClientIDThatIsNoNumberIsGraphsUnknownError() {
    let emulator = GraphEmulator()
    let grants = [
      "grant_type=client_credentials",
      "code=AQx&redirect_uri=\(Self.redirect)",
      "grant_type=fb_exchange_token&fb_exchange_token=CAAEmuAlice",
    ]
    for id in ["foo", "GetG5", "b0d3826624470f5f5c3e70ce70893ed4"] {
      for grant in grants {
        let answer = call(
          emulator, "oauth/access_token?client_id=\(id)&client_secret=x&\(grant)", token: nil)
        #expect(answer.status == 500, "\(id) \(grant)")
        #expect(answer.json?["error"]?["message"] == "An unknown error has occurred.")
        #expect(answer.json?["error"]?["code"] == 1)
        #expect(answer.json?["error"]?["type"] == "OAuthException")
        #expect(
          answer.headers["WWW-Authenticate"]
            == #"OAuth "Facebook Platform" "unknown_error" "An unknown error has occurred.""#)
      }
    }
    for id in ["123abc\(Self.app)", "1"] {
      let numeric = call(
        emulator,
        "v1.0/oauth/access_token?client_id=\(id)&client_secret=x&grant_type=client_credentials",
        token: nil)
      #expect(numeric.status == 400)
      #expect(numeric.json?["error"]?["code"] == 101)
    }
    let wrong = call(
      emulator,
      "oauth/access_token?client_id=\(Self.app)&client_secret=bar&grant_type=client_credentials",
      token: nil)
    #expect(wrong.status == 400)
    #expect(
      wrong.headers["WWW-Authenticate"]
        == #"OAuth "Facebook Platform" "invalid_request" "Error validating client secret.""#)
  }

  @Test func codeExchangeIsSingleUseBoundToItsRedirectAndExpires() throws {
    let emulator = GraphEmulator()
    let code = try Self.code(emulator)
    let exchange = "v2.8/oauth/access_token?\(Self.credentials)&code=\(code)"
    let mismatch = call(
      emulator, exchange + "&redirect_uri=http://localhost:8000/other", token: nil)
    #expect(
      mismatch.json?["error"]?["message"]?.stringValue
        == "Error validating verification code. Please make sure your redirect_uri is identical "
        + "to the one you used in the OAuth dialog request")
    #expect(mismatch.json?["error"]?["code"] == 100)
    #expect(
      mismatch.headers["WWW-Authenticate"]?.hasPrefix(
        "OAuth \"Facebook Platform\" \"invalid_code\"")
        == true)
    let noRedirect = call(emulator, exchange, token: nil)
    #expect(noRedirect.json?["error"]?["message"] == "Missing redirect_uri parameter.")
    #expect(noRedirect.json?["error"]?["code"] == 191)

    let good = call(emulator, exchange + "&redirect_uri=\(Self.redirect)", token: nil)
    #expect(good.status == 200, "\(good.text)")
    let token = try #require(good.json?["access_token"]?.stringValue)
    #expect(token.hasPrefix("CAA"))
    #expect(good.json?["expires_in"] == .number(JSONNumber(60 * 86_400)))
    let me = call(emulator, "v2.8/me?fields=id", token: token)
    #expect(me.json?["id"] == "100001000000001")
    #expect(emulator.tokenRecord(token)?.scopes.contains("email") == true)

    let again = call(emulator, exchange + "&redirect_uri=\(Self.redirect)", token: nil)
    #expect(again.json?["error"]?["message"] == "This authorization code has been used.")
    #expect(again.json?["error"]?["error_subcode"] == 36009)

    let bogus = call(
      emulator,
      "v2.8/oauth/access_token?\(Self.credentials)&code=xyz&redirect_uri=\(Self.redirect)",
      token: nil)
    #expect(bogus.json?["error"]?["message"] == "Invalid verification code format.")

    let late = try Self.code(emulator)
    for _ in 0...Router.codeLifetime { _ = call(emulator, "v2.8/me?fields=id") }
    let expired = call(
      emulator,
      "v2.8/oauth/access_token?\(Self.credentials)&code=\(late)&redirect_uri=\(Self.redirect)",
      token: nil)
    #expect(expired.json?["error"]?["message"] == "This authorization code has expired.")
  }

  @Test func codeExchangeUpToV2_2IsFormEncodedWithExpires() throws {
    let emulator = GraphEmulator()
    let code = try Self.code(emulator)
    let answer = call(
      emulator,
      "v2.2/oauth/access_token?\(Self.credentials)&code=\(code)&redirect_uri=\(Self.redirect)",
      token: nil)
    let items = QueryItems(parsing: answer.text)
    #expect(items["access_token"]?.hasPrefix("CAA") == true)
    #expect(items["expires"] == String(60 * 86_400))
    #expect(answer.text.hasPrefix("access_token="))
  }

  @Test func fbExchangeTokenGivesALongLivedTokenWithTheSamePermissions() throws {
    let emulator = GraphEmulator()
    let answer = call(
      emulator,
      "v2.8/oauth/access_token?grant_type=fb_exchange_token&\(Self.credentials)"
        + "&fb_exchange_token=CAAEmuAlicePublish", token: nil)
    let token = try #require(answer.json?["access_token"]?.stringValue, "\(answer.text)")
    #expect(token != "CAAEmuAlicePublish")
    let old = try #require(emulator.tokenRecord("CAAEmuAlicePublish"))
    let new = try #require(emulator.tokenRecord(token))
    #expect(new.scopes == old.scopes)
    #expect(new.expiresAt == emulator.now + 60 * 86_400)
    let expired = call(
      emulator,
      "v2.8/oauth/access_token?grant_type=fb_exchange_token&\(Self.credentials)"
        + "&fb_exchange_token=nonsense", token: nil)
    #expect(expired.json?["error"]?["code"] == 190)
    // Without the token to exchange: Graph's code 1 (facebook-node-sdk issue 82).
    let missing = call(
      emulator, "v2.8/oauth/access_token?grant_type=fb_exchange_token&\(Self.credentials)",
      token: nil)
    #expect(missing.status == 400)
    #expect(missing.json?["error"]?["code"] == 1)
    #expect(missing.json?["error"]?["message"] == "fb_exchange_token parameter not specified")
  }

  @Test func appIDPipeSecretIsAnAppTokenAndDebugsTokens() {
    let emulator = GraphEmulator()
    let appToken = "\(Self.app)|\(Self.secret)"
    let debug = call(emulator, "v2.8/debug_token?input_token=CAAEmuAlice", token: appToken)
    #expect(debug.status == 200, "\(debug.text)")
    #expect(debug.json?["data"]?["is_valid"] == true)
    #expect(debug.json?["data"]?["user_id"] == "100001000000001")
    #expect(debug.json?["data"]?["app_id"] == .string(Self.app))
    let wrong = call(emulator, "v2.8/debug_token?input_token=CAAEmuAlice", token: "\(Self.app)|x")
    #expect(wrong.json?["error"]?["code"] == 190)
  }

  @Test func unknownGrantAndMissingCode() {
    let emulator = GraphEmulator()
    let unknown = call(
      emulator, "v2.8/oauth/access_token?grant_type=password&\(Self.credentials)", token: nil)
    // The message a 2013 answer shows (stackoverflow.com/questions/14575477): no `(#100)`, the
    // grant quoted, two types named.
    #expect(
      unknown.json?["error"]?["message"]
        == "Invalid grant_type: 'password'. Supported types: authorization_code, client_credentials"
    )
    #expect(unknown.json?["error"]?["code"] == 100)
    #expect(unknown.json?["error"]?["type"] == "OAuthException")
    let none = call(emulator, "v2.8/oauth/access_token?\(Self.credentials)", token: nil)
    #expect(none.json?["error"]?["message"] == "(#100) Missing authorization code")
  }

  @Test(arguments: [
    GraphError.missingClientID, .invalidApplicationID, .missingRedirectURI,
    .invalidCodeFormat, .codeUsed, .codeExpired, .redirectURIMismatch, .appTokenRequired,
  ])
  func newErrorsAreInTheCatalogue(_ error: GraphError) throws {
    let entry = try #require(ErrorCatalogue.entry(code: error.code, subcode: error.subcode))
    #expect(entry.type == error.type)
    #expect(entry.httpStatus == error.status)
    #expect(entry.messages.contains(error.message), "\(entry.label): \(error.message)")
  }

  /// Code 1 is also Graph's unknown error (FacebookApiException, 500): its entry names the
  /// client-secret message and what it means.
  @Test func clientSecretErrorIsExplainedUnderCode1() throws {
    let entry = try #require(ErrorCatalogue.entry(code: 1))
    #expect(entry.messages.contains(GraphError.invalidClientSecret.message))
    #expect(entry.meaning.contains("client_secret"))
  }
}
