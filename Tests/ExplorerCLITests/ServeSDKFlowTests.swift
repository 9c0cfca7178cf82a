import Foundation
import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

/// The seeds' flows end to end through the built `graph-explorer serve`, every request in the
/// SDK's own bytes, in the order the app makes them: login, Scrumptious (seed 001, in 3.1's
/// bytes, the seeds' era), app events, test users and the profile picture.
@Suite struct ServeSDKFlowTests {
  typealias Wire = ServeSDKWireTests
  static let alice = "100001000000001"
  static let bob = "100001000000002"

  /// The value of the dialog form's hidden `fb_dtsg` input, as the web view would post it.
  static func formToken(in html: String) -> String? {
    let marker = "name=\"fb_dtsg\" value=\""
    guard let start = html.range(of: marker)?.upperBound,
      let end = html[start...].firstIndex(of: "\"")
    else { return nil }
    return String(html[start..<end])
  }

  /// The inline login dialog: the web view loads the URL, the person approves, the dialog
  /// ends at `fbconnect://success#access_token=...`; the fragment's parameters.
  static func logIn(
    _ release: IOSSDKWire.Release, person: String, permissions: [String], reauthorize: Bool = false,
    through server: ServeProcess
  ) throws -> QueryItems {
    let url = IOSSDKWire(release).loginDialogURL(
      appID: Wire.appID, permissions: permissions, reauthorize: reauthorize)
    let page = try Wire.send(HTTPRequest(url: url), to: server)
    #expect(page.status == 200, "\(page.bodyText)")
    let parts = try #require(URLParts(url))
    // The person's browser posts back the form's own security token (fb_dtsg) from the page.
    let token = try #require(formToken(in: page.bodyText))
    let submit = try Wire.send(
      HTTPRequest(
        method: "POST", url: "https://m.facebook.com" + parts.path,
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Array(
          ((parts.query ?? "") + "&decision=approve&person=\(person)&fb_dtsg=\(token)").utf8)),
      to: server)
    #expect(submit.status == 302, "\(submit.bodyText)")
    let location = try #require(submit.headers["Location"])
    #expect(location.hasPrefix(IOSSDKWire.redirectURI + "#"), "\(location)")
    return QueryItems(parsing: location.split(separator: "#").last ?? "")
  }

  /// `startForPostWithGraphPath:graphObject:`: `object` posted to `path` as form fields.
  static func post(
    _ release: IOSSDKWire.Release, _ path: String, _ object: JSONValue, token: String,
    to server: ServeProcess
  ) throws -> SDKErrorView? {
    let request = IOSSDKRequest(
      .graph(path), method: .post, graphObject: object.objectValue, accessToken: token)
    return try Wire.connection(release, [request], to: server).first
  }

  @Test(arguments: IOSSDKWire.Release.allCases)
  func loginFlow(release: IOSSDKWire.Release) async throws {
    let server = try await ServeProcess.launch([])
    let fragment = try Self.logIn(
      release, person: Self.bob, permissions: ["email", "user_photos"], through: server)
    let token = try #require(fragment["access_token"])
    #expect(fragment["expires_in"] != nil)
    if release == .v3_24 {
      // return_scopes=true: FBSession reads granted_scopes and denied_scopes.
      #expect(fragment["granted_scopes"]?.contains("user_photos") == true)
    }
    // The first request of the open session, and 3.24's piggybacked me/permissions.
    let me = try Wire.connection(release, [.graph("me", token: token)], to: server)
    #expect(me.first?.result?["name"] == "Bob Okafor")
    let permissions = try Wire.connection(
      release, [.graph("me", token: token), .graph("me/permissions", token: token)], to: server)
    #expect(permissions.last?.error == nil)
    #expect(await server.terminate() == 0)
    #expect(!server.log.contains(token))
  }

  /// Seed 001 in 3.1's bytes: /me before the session (seed 002's 2500), login (with
  /// user_friends too: the default world answers unversioned calls as v2.2), personalise,
  /// friends, places, the action refused without publish_actions, asking for it, the
  /// photo-then-read batch, and the action with the place, a tagged tester and the photo.
  @Test func scrumptiousFlow() async throws {
    let server = try await ServeProcess.launch([])
    let early = try Wire.connection(.v3_1, [.graph("me")], to: server)
    #expect(early.first?.httpStatus == 400)
    #expect(early.first?.error?.code == .httpError)
    #expect(early.first?.graphError?.code == 2500)
    var token = try #require(
      try Self.logIn(
        .v3_1, person: Self.alice, permissions: ["user_photos", "user_friends"], through: server)[
          "access_token"])
    let me = try Wire.connection(.v3_1, [.graph("me", token: token)], to: server)
    #expect(me.first?.result?["name"] == "Alice Whitfield")
    let picture = try Wire.send(
      HTTPRequest(url: IOSSDKWire(.v3_1).profilePictureURL(Self.alice, width: 120, token: nil)),
      to: server)
    #expect(picture.status == 302)
    let friends = try Wire.connection(
      .v3_1,
      [
        .graph(
          "me/friends", [("fields", "id,name,first_name,middle_name,last_name,picture")],
          token: token)
      ],
      to: server)
    #expect(friends.first?.result?["data"]?.arrayValue?.isEmpty == false)
    let places = try Wire.connection(
      .v3_1,
      [
        .graph(
          "search",
          [
            ("type", "place"), ("limit", "100"), ("center", "37.785834,-122.406417"),
            ("distance", "1000"), ("q", "restaurant"),
          ], token: token)
      ], to: server)
    let place = try #require(places.first?.result?["data"]?[0]?["id"]?.stringValue)
    let meal: JSONValue = [
      "url":
        "https://fbsdkog.herokuapp.com/repeater.php?og:type=fb_sample_scrumps:meal&og:title=Pizza"
    ]
    let refused = try Self.post(
      .v3_1, "me/fb_sample_scrumps:eat", ["meal": meal], token: token, to: server)
    #expect(refused?.graphError?.code == 200, "\(String(describing: refused))")
    #expect(refused?.sessionEffect == SDKErrorView.SessionEffect.none)
    token = try #require(
      try Self.logIn(
        .v3_1, person: Self.alice, permissions: ["publish_actions"], reauthorize: true,
        through: server)["access_token"])
    // postPhotoThenOpenGraphAction: the upload named photopost, then its source.
    let upload = IOSSDKRequest(
      .graph("me/photos"), parameters: [("picture", .image([0x89, 0x50, 0x4E, 0x47]))],
      method: .post, accessToken: token, batchParameters: [("name", "photopost")])
    let batch = try Wire.connection(
      .v3_1, [upload, .graph("{result=photopost:$.id}", token: token)], to: server)
    #expect(batch.first?.error == nil, "\(String(describing: batch.first))")
    let source = try #require(batch.last?.result?["source"]?.stringValue)
    let action: JSONValue = [
      "meal": meal, "place": ["id": .string(place)], "tags": [["id": .string(Self.bob)]],
      "image": [["url": .string(source)]],
    ]
    let posted = try Self.post(.v3_1, "me/fb_sample_scrumps:eat", action, token: token, to: server)
    #expect(posted?.result?["id"]?.stringValue != nil, "\(String(describing: posted))")
    #expect(await server.terminate() == 0)
  }

  /// 3.24's app events with nobody logged in: the settings fetch (no token), the install ping
  /// and the deferred app link (graph objects posted with the client token), then a flush.
  @Test func appEventsFlow() async throws {
    let server = try await ServeProcess.launch([])
    let clientToken = "\(Wire.appID)|EmuClientToken"
    let settings = try Wire.connection(
      .v3_24, [.graph("\(Wire.appID)?fields=supports_implicit_sdk_logging,gdpv4_nux_enabled")],
      to: server)
    #expect(settings.first?.error == nil)
    for event in ["MOBILE_APP_INSTALL", "DEFERRED_APP_LINK"] {
      let activity: JSONValue = [
        "event": .string(event), "anon_id": "XZ1234", "application_tracking_enabled": "1",
      ]
      let ping = try Self.post(
        .v3_24, "\(Wire.appID)/activities", activity, token: clientToken, to: server)
      #expect(ping?.error == nil, "\(event): \(String(describing: ping))")
    }
    let events = #"[{"_eventName":"fb_mobile_activate_app","_logTime":1417000000}]"#
    let flush = try Wire.connection(
      .v3_24,
      [
        IOSSDKRequest(
          .graph("\(Wire.appID)/activities"),
          parameters: [
            ("event", .string("CUSTOM_APP_EVENTS")), ("anon_id", .string("XZ1234")),
            ("application_tracking_enabled", .string("1")),
            ("custom_events_file", .data(Array(events.utf8))),
          ], method: .post, accessToken: clientToken)
      ], to: server)
    #expect(flush.first?.result?["success"] == true)
    #expect(await server.terminate() == 0)
  }

  /// FBTestUsersManager (3.24): create a test user, read them all with their permissions in
  /// one batch, use the test user's token, delete the test user; every call with the app token.
  @Test func testUsersFlow() async throws {
    let server = try await ServeProcess.launch([])
    let create = try Wire.connection(
      .v3_24,
      [
        .graph(
          "\(Wire.appID)/accounts/test-users",
          [
            ("installed", "true"), ("permissions", "email,publish_actions"),
            ("access_token", Wire.appToken),
          ],
          method: .post)
      ], to: server)
    let id = try #require(create.first?.result?["id"]?.stringValue)
    let userToken = try #require(create.first?.result?["access_token"]?.stringValue)
    let list = IOSSDKRequest(
      .graph("\(Wire.appID)/accounts/test-users"),
      parameters: [("access_token", .string(Wire.appToken))],
      batchParameters: [("name", "test-accounts"), ("omit_response_on_success", false)])
    let permissions = IOSSDKRequest(
      .graph("?ids={result=test-accounts:$.data.*.id}&fields=permissions"),
      parameters: [("access_token", .string(Wire.appToken))])
    let read = try Wire.connection(.v3_24, [list, permissions], to: server)
    let granted = read.last?.result?[id]?["permissions"]?["data"]?.arrayValue
    #expect(granted?.contains { $0["permission"] == "publish_actions" } == true)
    let me = try Wire.connection(.v3_24, [.graph("me", token: userToken)], to: server)
    #expect(me.first?.result?["id"]?.stringValue == id)
    let delete = try Wire.connection(
      .v3_24, [.graph(id, [("access_token", Wire.appToken)], method: .delete)], to: server)
    #expect(delete.first?.error == nil, "\(String(describing: delete.first))")
    #expect(await server.terminate() == 0)
  }

  /// FBProfilePictureView: 3.1's URL never has a token, 3.24's has one when a session is open;
  /// either way Graph redirects to the CDN picture of the size asked (profile pictures are
  /// public), which FBURLConnection follows off Graph.
  @Test(arguments: IOSSDKWire.Release.allCases)
  func profilePictureFlow(release: IOSSDKWire.Release) async throws {
    let server = try await ServeProcess.launch([])
    for token in [nil, "CAAEmuAlice"] as [String?] {
      let url = IOSSDKWire(release).profilePictureURL(Self.bob, width: 100, token: token)
      let redirect = try Wire.send(HTTPRequest(url: url), to: server)
      #expect(redirect.status == 302, "\(url): \(redirect.bodyText)")
      let location = try #require(redirect.headers["Location"])
      #expect(location.hasSuffix("/p100x100/\(Self.bob)_n.jpg"), "\(location)")
    }
    #expect(await server.terminate() == 0)
    #expect(!server.log.contains("CAAEmuAlice"))
  }
}
