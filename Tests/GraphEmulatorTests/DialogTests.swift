import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// `/dialog/oauth`, `/dialog/feed`, `/dialog/apprequests` and the app requests they make.
@Suite struct DialogTests {
  static let app = OAuthTokenTests.app

  static func location(_ answer: Answer) -> String { answer.headers["Location"] ?? "" }

  @Test func oauthPageNamesTheAppPermissionsAndPeople() {
    let emulator = GraphEmulator()
    let page = call(
      emulator,
      "v2.8/dialog/oauth?client_id=\(Self.app)&redirect_uri=fbconnect://success"
        + "&scope=email,user_friends&state=a%3Cb", token: nil)
    #expect(page.status == 200)
    #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
    #expect(page.text.contains("Log in to Scrumptious"))
    #expect(page.text.contains(#"name="grant" value="user_friends" checked> user_friends"#))
    #expect(page.text.contains("Alice Whitfield"))
    #expect(page.text.contains("action=\"/v2.8/dialog/oauth\""))
    #expect(page.text.contains("value=\"a&lt;b\""), "parameters are escaped into the form")
    #expect(!page.text.contains("<script"))
  }

  @Test func aPersonNamedInTheURLComesFirstAndChosen() {
    let emulator = GraphEmulator()
    let page = call(
      emulator,
      "dialog/oauth?client_id=\(Self.app)&redirect_uri=fbconnect://success&person=100001000000127",
      token: nil)
    #expect(page.text.contains("value=\"100001000000127\" checked"))
    #expect(!page.text.contains("value=\"100001000000001\" checked"))
  }

  @Test func oauthErrorPages() {
    let emulator = GraphEmulator()
    let unknown = call(
      emulator, "dialog/oauth?client_id=1&redirect_uri=fbconnect://success", token: nil)
    #expect(unknown.text.contains("The provided app ID does not look like a valid app ID."))
    let blocked = call(
      emulator, "dialog/oauth?client_id=\(Self.app)&redirect_uri=https://evil.example/cb",
      token: nil)
    #expect(blocked.text.contains("URL Blocked"))
    let scope = call(
      emulator,
      "dialog/oauth?client_id=\(Self.app)&redirect_uri=fbconnect://success&scope=read_minds",
      token: nil)
    #expect(scope.text.contains("Invalid Scopes: read_minds."))
  }

  @Test func tokenResponseTypeAndCancel() throws {
    let emulator = GraphEmulator()
    let redirect = "fb\(Self.app)://authorize"
    let form = [
      ("client_id", Self.app), ("redirect_uri", redirect), ("response_type", "token"),
      ("scope", "user_likes"), ("person", "bob"),
    ]
    let approved = submitOAuthDialog(emulator, form)
    let location = Self.location(approved)
    #expect(location.hasPrefix(redirect + "#access_token=CAA"))
    let fragment = QueryItems(parsing: String(location.split(separator: "#")[1]))
    #expect(fragment["expires_in"] == String(60 * 86_400))
    let token = try #require(fragment["access_token"])
    #expect(emulator.tokenRecord(token)?.userID == "100001000000002")
    #expect(emulator.tokenRecord(token)?.scopes.contains("user_likes") == true)

    let cancelled = submitOAuthDialog(emulator, form + [("state", "x")], decision: "cancel")
    #expect(
      Self.location(cancelled)
        == redirect + "?error=access_denied&error_code=200&error_description=Permissions+error"
        + "&error_reason=user_denied&state=x")
  }

  @Test func feedDialogSharesWithoutPublishPermissionOrCancels() throws {
    let emulator = GraphEmulator()
    let form = [
      ("app_id", Self.app), ("link", "https://example.com/meal"), ("name", "Cheeseburger"),
      ("caption", "Delicious"), ("message", "Lunch"),
    ]
    let page = call(
      emulator, "dialog/feed?app_id=\(Self.app)&name=Cheeseburger", token: "CAAEmuChen")
    #expect(page.text.contains("Post to your timeline"))
    #expect(page.text.contains("name: Cheeseburger"))
    let shared = call(
      emulator, "dialog/feed", method: "POST", token: "CAAEmuChen",
      form: form + [("decision", "approve")])
    let location = Self.location(shared)
    #expect(location.hasPrefix("fbconnect://success?post_id=100001000000003_"))
    let postID = try #require(URLParts(location)?.queryItems["post_id"])
    let post = call(emulator, "v2.2/\(postID)?fields=message,name,link", token: "CAAEmuChen")
    #expect(post.json?["message"] == "Lunch")
    #expect(post.json?["name"] == "Cheeseburger")
    let cancelled = call(
      emulator, "dialog/feed", method: "POST", token: "CAAEmuChen",
      form: form + [("decision", "cancel")])
    #expect(Self.location(cancelled) == "fbconnect://success")
    let anonymous = call(emulator, "dialog/feed?app_id=\(Self.app)", token: nil)
    #expect(anonymous.text.contains("Not logged in"))
  }

  @Test func requestsDialogSendsReadsAndDeletesAppRequests() throws {
    let emulator = GraphEmulator()
    let page = call(
      emulator, "dialog/apprequests?app_id=\(Self.app)&message=Hi", token: "CAAEmuAlice")
    #expect(page.text.contains("name=\"recipient\""), "no `to`: the friends to choose from")
    let sent = call(
      emulator, "dialog/apprequests", method: "POST", token: "CAAEmuAlice",
      form: [
        ("app_id", Self.app), ("message", "Try Scrumptious"), ("to", "100001000000002"),
        ("recipient", "100001000000003"), ("data", "level=3"), ("decision", "approve"),
      ])
    let location = Self.location(sent)
    let query = try #require(URLParts(location)?.queryItems)
    let request = try #require(query["request"])
    #expect(location.hasPrefix("fbconnect://success?request="))
    #expect(location.hasSuffix("&to%5B0%5D=100001000000002&to%5B1%5D=100001000000003"))
    let inbox = call(emulator, "v2.2/me/apprequests", token: "CAAEmuBob")
    #expect(inbox.json?["data"]?[0]?["id"] == .string("\(request)_100001000000002"))
    #expect(inbox.json?["data"]?[0]?["from"]?["id"] == "100001000000001")
    #expect(inbox.json?["data"]?[0]?["data"] == "level=3")
    #expect(
      call(emulator, "v2.2/\(request)_100001000000003", token: "CAAEmuChen").json?["message"]
        == "Try Scrumptious")
    #expect(
      call(emulator, "v2.2/\(request)_100001000000002", method: "DELETE", token: "CAAEmuBob").json
        == ["success": true])
    #expect(call(emulator, "v2.2/me/apprequests", token: "CAAEmuBob").json?["data"] == [])
    #expect(call(emulator, "v2.2/me/apprequests", token: "CAAEmuChen").json?["data"]?[0] != nil)
    let stranger = call(emulator, "v2.2/\(request)_100001000000003", token: "CAAEmuMarco")
    #expect(stranger.json?["error"]?["code"] == 100)
    let cancelled = call(
      emulator, "dialog/apprequests", method: "POST", token: "CAAEmuAlice",
      form: [("app_id", Self.app), ("to", "100001000000002"), ("decision", "cancel")])
    #expect(Self.location(cancelled) == "fbconnect://success")
  }
}
