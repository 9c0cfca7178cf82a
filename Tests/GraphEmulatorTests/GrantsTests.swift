import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Grants kept per person and app across logins and reauthorizations, and permissions declined
/// in the login dialog, as the iOS SDK 3.24 asks for and reads them (FBSession.m 1051-1075:
/// `requestNewPublishPermissions:` sends only the new permission as `scope`, with
/// `auth_type=rerequest`).
@Suite struct GrantsTests {
  static let bob = "100001000000002"

  /// The SDK's inline login dialog for `permissions`, answered by Bob: the page is loaded, then
  /// its form posted back with `extra` fields (a browser's ticks); the redirect's fragment.
  static func logIn(
    _ emulator: GraphEmulator, _ permissions: [String], reauthorize: Bool = false,
    extra: String = ""
  ) throws -> QueryItems {
    let url = IOSSDKWire(.v3_24).loginDialogURL(
      appID: SDKWire.appID, permissions: permissions, reauthorize: reauthorize)
    let page = emulator.answer(HTTPRequest(url: url))
    let token = try #require(formToken(page.bodyText))
    let query = String(url.split(separator: "?", maxSplits: 1).last ?? "")
    let response = emulator.answer(
      HTTPRequest(
        method: "POST", url: "https://m.facebook.com/v2.2/dialog/oauth",
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Array(
          (query + "&decision=approve&person=\(bob)&fb_dtsg=\(token)" + extra).utf8)))
    let location = try #require(response.headers["Location"], "\(response.bodyText)")
    return QueryItems(parsing: location.split(separator: "#").last ?? "")
  }

  /// `me/permissions` as the SDK reads it: permission → status.
  static func permissions(_ emulator: GraphEmulator, token: String) -> [String: String] {
    let answer = SDKWire.send(emulator, .v3_24, [.graph("me/permissions", token: token)])
    var statuses: [String: String] = [:]
    for item in answer.json?["data"]?.arrayValue ?? [] {
      if let name = item["permission"]?.stringValue {
        statuses[name] = item["status"]?.stringValue
      }
    }
    return statuses
  }

  static func post(_ emulator: GraphEmulator, token: String) -> Answer {
    SDKWire.send(
      emulator, .v3_24, [.graph("me/feed", [("message", "Hi")], method: .post, token: token)])
  }

  /// Scrumptious and the book: read permissions at login, publish_actions asked alone later,
  /// then another read permission alone; every token holds all the person granted.
  @Test func reauthorizingKeepsWhatWasGrantedBefore() throws {
    let emulator = GraphEmulator()
    let first = try #require(try Self.logIn(emulator, ["user_photos"])["access_token"])
    #expect(Self.post(emulator, token: first).json?["error"]?["code"] == 200)
    let publish = try Self.logIn(emulator, ["publish_actions"], reauthorize: true)
    let second = try #require(publish["access_token"])
    #expect(publish["granted_scopes"]?.contains("user_photos") == true, "\(publish)")
    let statuses = Self.permissions(emulator, token: second)
    #expect(statuses["user_photos"] == "granted", "\(statuses)")
    #expect(statuses["publish_actions"] == "granted")
    #expect(statuses["public_profile"] == "granted")
    let read = try Self.logIn(emulator, ["user_birthday"], reauthorize: true)
    let third = try #require(read["access_token"])
    #expect(Self.post(emulator, token: third).status == 200)
    #expect(Self.permissions(emulator, token: third)["user_photos"] == "granted")
    // A plain login (no rerequest) keeps them too.
    let plain = try #require(try Self.logIn(emulator, [])["access_token"])
    #expect(Self.permissions(emulator, token: plain)["publish_actions"] == "granted")
  }

  /// The REPL's `login` (FBSession open) unions with what the person granted before.
  @Test func replLoginKeepsEarlierGrants() throws {
    let emulator = GraphEmulator()
    _ = try emulator.login("bob", permissions: ["user_photos"])
    let again = try emulator.login("bob", permissions: ["user_likes"])
    #expect(again.permissions.contains("user_photos"))
    #expect(again.permissions.contains("user_likes"))
  }

  /// `DELETE me/permissions/<name>` takes the permission from the person: no token of theirs
  /// keeps it, a later login does not bring it back, and `me/permissions` lists it declined.
  @Test func revokingRemovesFromThePersonsGrants() throws {
    let emulator = GraphEmulator()
    let old = try #require(try Self.logIn(emulator, ["user_photos"])["access_token"])
    let token = try #require(
      try Self.logIn(emulator, ["publish_actions"], reauthorize: true)["access_token"])
    let revoke = SDKWire.send(
      emulator, .v3_24, [.graph("me/permissions/user_photos", method: .delete, token: token)])
    #expect(revoke.status == 200, "\(revoke.text)")
    #expect(Self.permissions(emulator, token: token)["user_photos"] == "declined")
    #expect(Self.permissions(emulator, token: old)["user_photos"] == "declined")
    let later = try #require(try Self.logIn(emulator, ["email"])["access_token"])
    let statuses = Self.permissions(emulator, token: later)
    #expect(statuses["user_photos"] == "declined", "\(statuses)")
    #expect(statuses["publish_actions"] == "granted")
    // Removing the app forgets everything: the next login holds only what it asks.
    _ = SDKWire.send(emulator, .v3_24, [.graph("me/permissions", method: .delete, token: later)])
    let fresh = try #require(try Self.logIn(emulator, ["email"])["access_token"])
    #expect(Self.permissions(emulator, token: fresh)["publish_actions"] == nil)
  }

  /// The dialog has a ticked box for each permission but the public profile.
  @Test func theDialogOffersABoxPerOptionalPermission() {
    let emulator = GraphEmulator()
    let url = IOSSDKWire(.v3_24).loginDialogURL(
      appID: SDKWire.appID, permissions: ["email", "user_photos"])
    let page = emulator.answer(HTTPRequest(url: url)).bodyText
    #expect(page.contains(#"name="grant" value="email" checked"#))
    #expect(page.contains(#"name="grant" value="user_photos" checked"#))
    #expect(!page.contains(#"value="public_profile""#))
    #expect(page.contains(#"<li>public_profile</li>"#))
  }

  /// Unticking a permission: `denied_scopes` names it, the token lacks it, `me/permissions`
  /// lists it declined; asked again it stays declined until `auth_type=rerequest`.
  @Test func aPersonDeclinesAndIsAskedAgainOnlyOnRerequest() throws {
    let emulator = GraphEmulator()
    let first = try Self.logIn(
      emulator, ["email", "user_photos"], extra: "&choices=1&grant=email")
    #expect(first["denied_scopes"] == "user_photos", "\(first)")
    #expect(first["granted_scopes"]?.contains("email") == true)
    #expect(first["granted_scopes"]?.contains("user_photos") == false)
    let token = try #require(first["access_token"])
    #expect(emulator.grantedPermissions(token: token)?.contains("user_photos") == false)
    let statuses = Self.permissions(emulator, token: token)
    #expect(statuses["user_photos"] == "declined", "\(statuses)")
    #expect(statuses["email"] == "granted")
    // v1.0 lists granted permissions only, as flags.
    let v1 = call(emulator, "v1.0/me/permissions", token: token).json?["data"]?[0]
    #expect(v1?["user_photos"] == nil && v1?["email"] == 1)
    // Without rerequest the dialog does not ask again, even when the box comes back ticked.
    let again = try Self.logIn(
      emulator, ["user_photos"], extra: "&choices=1&grant=user_photos")
    #expect(again["denied_scopes"] == "user_photos", "\(again)")
    let rerequest = try Self.logIn(
      emulator, ["user_photos"], reauthorize: true, extra: "&choices=1&grant=user_photos")
    #expect(rerequest["denied_scopes"] == "", "\(rerequest)")
    let granted = try #require(rerequest["access_token"])
    #expect(Self.permissions(emulator, token: granted)["user_photos"] == "granted")
  }

  @Test func loginChoiceTable() {
    let prior = PersonGrants(granted: ["public_profile", "email"], declined: ["user_likes"])
    let choice = LoginChoice(
      asked: ["email", "user_likes", "user_photos", "user_birthday"], ticked: ["user_photos"],
      prior: prior, rerequest: false)
    #expect(choice.granted == ["public_profile", "basic_info", "email", "user_photos"])
    #expect(choice.declined == ["user_likes", "user_birthday"])
    let all = LoginChoice(asked: ["user_likes"], ticked: nil, prior: prior, rerequest: true)
    #expect(all.granted == ["public_profile", "basic_info", "user_likes"])
  }
}
