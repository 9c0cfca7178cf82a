import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// The login dialog against a hostile page (issue 31): redirect URIs read as a browser reads
/// them, the form token and `Origin`, and codes and tokens that cannot be guessed.
@Suite struct DialogSecurityTests {
  static let app = OAuthTokenTests.app

  @Test(arguments: [
    ("http://evil.example\\@localhost/", "evil.example"),
    ("http://localhost\\@evil.example/", "localhost"),
    ("http://a@b@localhost:8/x", "localhost"),
    ("http:\\\\evil.example/", "evil.example"),
    ("http:evil.example/", "evil.example"),
    ("https://[::1]:443/", "[::1]"),
    ("fb1://authorize\\x", "authorize\\x"),
  ])
  func hostsAreReadAsBrowsersReadThem(uri: String, host: String) throws {
    #expect(try #require(RedirectURI(uri)).host == host)
  }

  @Test(arguments: [
    "http://evil.example\\@localhost/", "http://evil.example@localhost/",
    "http://localhost/cb#frag", "http://localhost/cb#", "HTTP://localhost/", "http://LOCALHOST/",
    "http:/localhost/", "http:///localhost/", "http://localhost:80/", "http://localhost:080/",
    "http://localhost:/", "http://%6cocalhost/", "http://2130706433/", "http://0x7f.0.0.1/",
    " http://localhost/", "http://localhost/\t", "http://loc\talhost/", "http://localhost/\u{7F}",
    "http://localhost\u{01}/", "http://evil.example/", "https://www.facebook.com/connect/x",
    "https://www.facebook.com.evil.example/connect/login_success.html",
    "fbconnect://success.evil.example", "fbconnect://success#x", "fb1://authorize",
    "javascript:alert(1)//localhost/", "http://localhost.evil.example/", "http://[::1].evil/",
    "fb233936543368280://authorize#access_token=x", "http://localhost/\u{E9}",
  ])
  func refusedRedirects(uri: String) {
    #expect(!ValidRedirect.allows(uri, appID: Self.app), "\(uri)")
  }

  /// Ports as the WHATWG URL Standard's port state reads them (issue 44: `:99999` and `:-1`
  /// were accepted): anything but digits, or past 65535, is no URL at all.
  @Test(arguments: [
    "http://localhost:99999/", "http://localhost:-1/", "http://localhost:65536/",
    "http://localhost:1a/", "http://127.0.0.1:4294967377/", "http://localhost:+80/",
    "http://localhost:000000000000000000099999/", "https://[::1]:70000/cb",
  ])
  func portsABrowserRefusesAreNoURL(uri: String) {
    #expect(RedirectURI(uri) == nil, "\(uri)")
    #expect(!ValidRedirect.allows(uri, appID: Self.app), "\(uri)")
  }

  @Test func theHighestPortIsAllowedAndLeadingZerosAreNotCanonical() throws {
    #expect(ValidRedirect.allows("http://localhost:65535/", appID: Self.app))
    let padded = try #require(RedirectURI("http://localhost:0008000/"))
    #expect(!padded.canonical)
  }

  @Test(arguments: [
    "http://localhost/", "http://localhost", "http://127.0.0.1:8000/callback?x=1",
    "https://[::1]:9000/cb", "fbconnect://success", "fb233936543368280://authorize",
    "https://www.facebook.com/connect/login_success.html",
  ])
  func allowedRedirects(uri: String) {
    #expect(ValidRedirect.allows(uri, appID: Self.app), "\(uri)")
  }

  @Test func theBackslashRedirectIsBlockedOnThePageAndThePost() {
    let emulator = GraphEmulator()
    let evil = "http://evil.example\\@localhost/"
    let query = QueryItems([
      .init(name: "client_id", value: Self.app), .init(name: "redirect_uri", value: evil),
    ])
    let page = call(emulator, "dialog/oauth?\(query.formEncoded)", token: nil)
    #expect(page.text.contains("URL Blocked"))
    #expect(formToken(page.text) == nil)
    let post = submitOAuthDialog(emulator, [("client_id", Self.app), ("redirect_uri", evil)])
    #expect(post.status == 200 && post.headers["Location"] == nil)
  }

  static let form = [
    ("client_id", app), ("redirect_uri", "http://localhost:8000/cb"), ("state", "s"),
    ("person", "bob"),
  ]

  func post(_ emulator: GraphEmulator, _ form: [(String, String)], origin: String? = nil)
    -> Answer
  {
    var request = HTTPRequest(method: "POST", url: "http://127.0.0.1:4000/dialog/oauth")
    request.headers["Content-Type"] = "application/x-www-form-urlencoded"
    if let origin { request.headers["Origin"] = origin }
    request.body = Array(QueryItems(form.map { .init(name: $0.0, value: $0.1) }).formEncoded.utf8)
    let response = emulator.answer(request)
    return Answer(status: response.status, headers: response.headers, text: response.bodyText)
  }

  func pageToken(_ emulator: GraphEmulator, _ form: [(String, String)]) throws -> String {
    let query = QueryItems(form.map { .init(name: $0.0, value: $0.1) }).formEncoded
    let page = call(emulator, "http://127.0.0.1:4000/dialog/oauth?\(query)", token: nil)
    return try #require(formToken(page.text))
  }

  @Test func aPostWithoutTheFormTokenIsRefused() {
    let emulator = GraphEmulator()
    let answer = post(emulator, Self.form + [("decision", "approve")])
    #expect(answer.headers["Location"] == nil)
    #expect(answer.text.contains("Security check failed"))
    let forged = post(emulator, Self.form + [("decision", "approve"), ("fb_dtsg", "00")])
    #expect(forged.headers["Location"] == nil)
  }

  @Test func theTokenFitsOnlyItsOwnPage() throws {
    let emulator = GraphEmulator()
    let token = try pageToken(emulator, Self.form)
    var other = Self.form
    other[1] = ("redirect_uri", "http://localhost:9999/cb")
    let moved = post(emulator, other + [("decision", "approve"), ("fb_dtsg", token)])
    #expect(moved.headers["Location"] == nil, "a token is bound to its redirect_uri")
    let good = post(emulator, Self.form + [("decision", "approve"), ("fb_dtsg", token)])
    #expect(good.headers["Location"]?.hasPrefix("http://localhost:8000/cb?code=") == true)
  }

  @Test func aCrossOriginPostIsRefusedEvenWithTheToken() throws {
    let emulator = GraphEmulator()
    let token = try pageToken(emulator, Self.form)
    let form = Self.form + [("decision", "approve"), ("fb_dtsg", token)]
    for origin in ["http://evil.example", "null", "http://127.0.0.1:4001"] {
      #expect(post(emulator, form, origin: origin).headers["Location"] == nil, "\(origin)")
    }
    #expect(post(emulator, form, origin: "http://127.0.0.1:4000").status == 302)
  }

  @Test func anotherEmulatorsTokenDoesNotFit() throws {
    let token = try pageToken(GraphEmulator(), Self.form)
    let answer = post(GraphEmulator(), Self.form + [("decision", "approve"), ("fb_dtsg", token)])
    #expect(answer.headers["Location"] == nil)
  }

  @Test func codesAndTokensAreRandomUnlessAskedOtherwise() throws {
    func session(_ secrets: SecretMint) throws -> (code: String, token: String) {
      let emulator = GraphEmulator(secrets: secrets)
      let code = try OAuthTokenTests.code(emulator)
      let token = submitOAuthDialog(
        emulator,
        [
          ("client_id", Self.app), ("redirect_uri", "fbconnect://success"),
          ("response_type", "token"), ("person", "bob"),
        ])
      let fragment = QueryItems(
        parsing: String(token.headers["Location"]?.split(separator: "#").last ?? ""))
      return (code, try #require(fragment["access_token"]))
    }
    let first = try session(.random)
    let second = try session(.random)
    #expect(first.code != second.code && first.token != second.token)
    #expect(first.code.count >= 32 + 9 && first.token.count >= 32 + 8)
    let counted = try session(.deterministic)
    #expect(counted.code == "AQEmuCode1x0001")
    #expect(counted.token == "CAAEmuBobZS1")
    #expect(try session(.deterministic) == counted)
  }
}

/// The feed and apprequests dialogs redirect only to the app's Valid OAuth Redirect URIs: no
/// open redirect, no control byte in `Location` (issue 31).
@Test(arguments: [
  "https://evil.example/", "fbconnect://success\u{01}", "fbconnect://success\r\nSet-Cookie: a=b",
  "http://evil.example\\@localhost/",
])
func webDialogsBlockRedirectsTheAppDoesNotAllow(redirect: String) {
  let emulator = GraphEmulator()
  let form = [
    ("app_id", OAuthTokenTests.app), ("redirect_uri", redirect), ("decision", "cancel"),
  ]
  for dialog in ["dialog/feed", "dialog/apprequests"] {
    let answer = call(emulator, dialog, method: "POST", token: "CAAEmuChen", form: form)
    #expect(answer.headers["Location"] == nil, "\(dialog) \(redirect)")
    #expect(answer.text.contains("URL Blocked"))
  }
}
