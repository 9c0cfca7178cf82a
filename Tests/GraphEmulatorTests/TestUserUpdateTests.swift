import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Test users and the app as client suites use them first: default grants, friends read with
/// the app token, a test user's basic-info fields, and updates with the app token.
@Suite struct TestUserUpdateTests {
  static let app = OAuthTokenTests.app
  static let appToken = "\(OAuthTokenTests.app)|EmuAppToken"

  static func create(_ emulator: GraphEmulator, _ form: [(String, String)]) throws -> JSONValue {
    let answer = call(
      emulator, "\(app)/accounts/test-users", method: "POST", token: appToken, form: form)
    #expect(answer.status == 200, "\(answer.text)")
    return try #require(answer.json)
  }

  @Test func installedWithoutPermissionsGrantsTheDefaults() throws {
    let emulator = GraphEmulator()
    let user = try Self.create(emulator, [("installed", "true")])
    let token = try #require(user["access_token"]?.stringValue)
    let granted = emulator.grantedPermissions(token: token) ?? []
    #expect(granted.contains("user_friends"), "\(granted)")
    #expect(granted.contains("public_profile"))
    // As a client's live suite reads it: `me/permissions` with the test user's token (v2.0+
    // `{permission, status}` items).
    let listed = call(emulator, "v2.2/me/permissions", token: token).json?["data"]?.arrayValue
    #expect(
      listed?.contains { $0["permission"] == "user_friends" && $0["status"] == "granted" } == true,
      "\(String(describing: listed))")
    // Asked permissions replace the defaults.
    let asked = try Self.create(emulator, [("installed", "true"), ("permissions", "email")])
    let other = try #require(asked["access_token"]?.stringValue)
    #expect(emulator.grantedPermissions(token: other)?.contains("user_friends") == false)
  }

  /// `installed=false`: the creation answers a token; the listing shows none for that user.
  @Test func notInstalledStillAnswersAToken() throws {
    let emulator = GraphEmulator()
    let user = try Self.create(emulator, [("installed", "false")])
    #expect(user["access_token"]?.stringValue != nil, "\(user)")
    let id = try #require(user["id"]?.stringValue)
    let listed = call(emulator, "\(Self.app)/accounts/test-users", token: Self.appToken).json
    let item = listed?["data"]?.arrayValue?.first { $0["id"]?.stringValue == id }
    #expect(item != nil && item?["access_token"] == nil, "\(String(describing: listed))")
  }

  /// facebook-sdk's and Koala's live suites: befriend two test users, then read the friends
  /// with the app token.
  @Test func theAppTokenReadsATestUsersFriends() throws {
    let emulator = GraphEmulator()
    let form = [("installed", "true"), ("permissions", "user_friends")]
    let one = try Self.create(emulator, form)
    let two = try Self.create(emulator, form)
    let (id1, id2) = (one["id"]?.stringValue ?? "", two["id"]?.stringValue ?? "")
    let token1 = one["access_token"]?.stringValue
    let token2 = two["access_token"]?.stringValue
    #expect(call(emulator, "\(id1)/friends/\(id2)", method: "POST", token: token1).status == 200)
    #expect(call(emulator, "\(id2)/friends/\(id1)", method: "POST", token: token2).status == 200)
    let friends = call(emulator, "\(id1)/friends", token: Self.appToken)
    #expect(friends.json?["data"]?[0]?["id"]?.stringValue == id2, "\(friends.text)")
    // A person who did not grant user_friends keeps the list from the app token.
    let alice = call(emulator, "100001000000005/friends", token: Self.appToken)
    #expect(alice.json?["data"]?.arrayValue?.isEmpty == true, "\(alice.text)")
  }

  @Test func aTestUsersMeHasTheBasicInfoFields() throws {
    let emulator = GraphEmulator()
    let user = try Self.create(emulator, [("installed", "true")])
    let me = call(emulator, "me", token: user["access_token"]?.stringValue).json
    for field in ["updated_time", "link", "gender", "timezone", "verified", "locale"] {
      #expect(me?[field] != nil, "\(field) missing from \(String(describing: me))")
    }
  }

  @Test func theAppTokenRenamesATestUserAndChangesItsPassword() throws {
    let emulator = GraphEmulator()
    let user = try Self.create(emulator, [("installed", "true")])
    let id = try #require(user["id"]?.stringValue)
    let update = call(
      emulator, id, method: "POST", token: Self.appToken,
      form: [("name", "Newname Smith"), ("password", "newpassword")])
    #expect(update.text == #"{"success":true}"#, "\(update.text)")
    let me = call(emulator, "\(id)?fields=name,first_name", token: Self.appToken).json
    #expect(me?["name"] == "Newname Smith")
    #expect(me?["first_name"] == "Newname")
    let listed = call(emulator, "\(Self.app)/accounts/test-users", token: Self.appToken)
    #expect(listed.status == 200)
    // A user token may not.
    let refused = call(
      emulator, id, method: "POST", token: user["access_token"]?.stringValue,
      form: [("name", "X")])
    #expect(refused.json?["error"]?["code"] == 15, "\(refused.text)")
  }

  @Test func theAppTokenUpdatesTheAppsRestrictions() {
    let emulator = GraphEmulator()
    let restrictions = #"{"age":"18+"}"#
    let update = call(
      emulator, "v1.0/\(Self.app)", method: "POST", token: Self.appToken,
      form: [("restrictions", restrictions)])
    #expect(update.text == "true", "\(update.text)")
    let read = call(emulator, "\(Self.app)?fields=restrictions", token: Self.appToken)
    #expect(read.json?["restrictions"]?["age"] == "18+", "\(read.text)")
    // Someone else's node still does not take a POST.
    let other = call(
      emulator, "100001000000002", method: "POST", token: Self.appToken, form: [("name", "X")])
    #expect(other.json?["error"]?["code"] == 100)
  }
}
