import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Test users (FBTestSession) and app events (FBAppEvents).
@Suite struct AppSurfaceTests {
  static let app = OAuthTokenTests.app
  static let appToken = "\(OAuthTokenTests.app)|EmuAppToken"

  @Test func testUsersAreMadeListedBefriendedAndDeleted() throws {
    let emulator = GraphEmulator()
    let path = "v2.2/\(Self.app)/accounts/test-users"
    let first = call(
      emulator, path, method: "POST", token: Self.appToken,
      form: [("installed", "true"), ("permissions", "email,user_friends"), ("name", "Tess Tester")])
    #expect(first.status == 200, "\(first.text)")
    let one = try #require(first.json?["id"]?.stringValue)
    let oneToken = try #require(first.json?["access_token"]?.stringValue)
    #expect(
      first.json?["login_url"]?.stringValue?.hasPrefix("https://developers.facebook.com/") == true)
    #expect(first.json?["email"]?.stringValue?.hasSuffix("@tfbnw.net") == true)
    #expect(call(emulator, "v2.2/me?fields=name", token: oneToken).json?["name"] == "Tess Tester")
    let second = call(emulator, path, method: "POST", token: Self.appToken)
    let two = try #require(second.json?["id"]?.stringValue)
    let twoToken = try #require(second.json?["access_token"]?.stringValue)
    let listed = call(emulator, path, token: Self.appToken)
    #expect(listed.json?["data"]?[0]?["id"] == .string(one))
    #expect(listed.json?["data"]?[1]?["access_token"] == .string(twoToken))

    #expect(
      call(emulator, "v2.2/\(one)/friends/\(two)", method: "POST", token: oneToken).text == "true")
    #expect(call(emulator, "v2.2/me/friends", token: oneToken).json?["data"] == [])
    #expect(
      call(emulator, "v2.2/\(two)/friends/\(one)", method: "POST", token: twoToken).text == "true")
    #expect(
      call(emulator, "v2.2/me/friends", token: oneToken).json?["data"]?[0]?["id"] == .string(two))

    let userToken = call(emulator, path, method: "POST", token: "CAAEmuAlice")
    #expect(userToken.json?["error"]?["code"] == 15)
    #expect(call(emulator, path, method: "POST", token: nil).json?["error"]?["code"] == 104)
    // Issue 26: a test user's delete answers as every other delete from v2.1.
    #expect(
      call(emulator, "v2.2/\(one)", method: "DELETE", token: Self.appToken).text
        == #"{"success":true}"#)
    #expect(call(emulator, "v2.2/me", token: oneToken).json?["error"]?["code"] == 190)
    #expect(call(emulator, path, token: Self.appToken).json?["data"]?[1] == nil)
  }

  /// A test user made after another was deleted gets a name, email and password of its own,
  /// never the deleted one's (they were numbered by how many test users the app had).
  @Test func aNewTestUserNeverGetsADeletedOnesNameOrEmail() throws {
    let emulator = GraphEmulator()
    let path = "v2.2/\(Self.app)/accounts/test-users"
    let made = call(emulator, path, method: "POST", token: Self.appToken)
    let gone = try #require(made.json?["id"]?.stringValue)
    let goneToken = try #require(made.json?["access_token"]?.stringValue)
    let goneName = call(emulator, "v2.2/me?fields=name", token: goneToken).json?["name"]
    #expect(call(emulator, "v2.2/\(gone)", method: "DELETE", token: Self.appToken).status == 200)
    let next = call(emulator, path, method: "POST", token: Self.appToken)
    #expect(next.json?["id"]?.stringValue != gone)
    #expect(next.json?["email"] != made.json?["email"], "\(next.text)")
    #expect(next.json?["password"] != made.json?["password"])
    let token = try #require(next.json?["access_token"]?.stringValue)
    #expect(call(emulator, "v2.2/me?fields=name", token: token).json?["name"] != goneName)
  }

  @Test func appEventsAreLoggedAndMalformedOnesRefused() {
    let emulator = GraphEmulator()
    let path = "v2.2/\(Self.app)/activities"
    let install = call(
      emulator, path, method: "POST", token: nil,
      form: [("event", "MOBILE_APP_INSTALL"), ("advertiser_tracking_enabled", "1")])
    #expect(install.json == ["success": true])
    let custom = call(
      emulator, path, method: "POST", token: "CAAEmuAlice",
      form: [
        ("event", "CUSTOM_APP_EVENTS"),
        ("custom_events", #"[{"_eventName":"fb_mobile_level_achieved","fb_level":"3"}]"#),
        ("application_tracking_enabled", "0"),
      ])
    #expect(custom.json == ["success": true])
    let events = emulator.appEvents
    #expect(events.map(\.event) == ["MOBILE_APP_INSTALL", "CUSTOM_APP_EVENTS"])
    #expect(events[1].names == ["fb_mobile_level_achieved"])
    #expect(events[0].advertiserTrackingEnabled == true)
    #expect(events[1].applicationTrackingEnabled == false)
    for bad in ["not json", "{}", "[]", #"[{"fb_level":"3"}]"#] {
      let answer = call(
        emulator, path, method: "POST", token: nil,
        form: [("event", "CUSTOM_APP_EVENTS"), ("custom_events", bad)])
      #expect(answer.json?["error"]?["code"] == 100, "\(bad)")
      #expect(
        answer.json?["error"]?["message"]?.stringValue?.hasPrefix(
          "(#100) Param custom_events must be a JSON-encoded array of events") == true)
    }
    #expect(emulator.appEvents.count == 2, "refused events are not logged")
  }
}
