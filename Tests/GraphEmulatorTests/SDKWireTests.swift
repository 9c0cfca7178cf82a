import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// The iOS SDK 3.x's own bytes (IOSSDKWire, rebuilt from facebook-ios-sdk's FBRequestConnection.m
/// and FBRequestBody.m at sdk-version-3.1.0 and sdk-version-3.24.4) sent to the in-process
/// emulator, read back as the SDK reads them.
enum SDKWire {
  static let appID = "233936543368280"
  static let releases = IOSSDKWire.Release.allCases

  static func send(
    _ emulator: GraphEmulator, _ release: IOSSDKWire.Release, _ requests: [IOSSDKRequest]
  ) -> Answer {
    let http = IOSSDKWire(release).connection(requests, appID: appID)
    let response = emulator.answer(http)
    return Answer(status: response.status, headers: response.headers, text: response.bodyText)
  }

  /// FBAppEvents' flush (3.24) without a session: `POST APPID/activities` with
  /// `event=CUSTOM_APP_EVENTS` and the events' JSON array as the file part `custom_events_file`,
  /// with the client token.
  static func flushAppEvents(_ emulator: GraphEmulator, _ events: String) -> Answer {
    let request = IOSSDKRequest(
      .graph("\(appID)/activities"),
      parameters: [
        ("event", .string("CUSTOM_APP_EVENTS")), ("anon_id", .string("XZ1234")),
        ("application_tracking_enabled", .string("1")),
        ("custom_events_file", .data(Array(events.utf8))),
      ], method: .post, accessToken: "\(appID)|EmuClientToken")
    return send(emulator, .v3_24, [request])
  }

  /// FBRequestConnection's reading of a batch answer: each item's `body` string parsed.
  static func itemBodies(_ answer: Answer) -> [JSONValue?] {
    (answer.json?.arrayValue ?? []).map { item in
      item["body"]?.stringValue.flatMap { try? JSONParser.parse($0) }
    }
  }
}

@Test(arguments: SDKWire.releases)
func sdkBodyIsUnterminatedMultipart(release: IOSSDKWire.Release) {
  let http = IOSSDKWire(release).connection(
    [.graph("me/feed", [("message", "hi")], method: .post, token: "CAAEmuAlicePublish")],
    appID: SDKWire.appID)
  let text = String(decoding: http.body, as: UTF8.self)
  let b = IOSSDKWire.boundary
  #expect(text.hasPrefix("--\(b)\r\nContent-Disposition: form-data; name=\""))
  #expect(text.contains("name=\"message\"\r\n\r\nhi\r\n--\(b)\r\n"))
  #expect(text.hasSuffix("\r\n--\(b)\r\n"))
  #expect(!text.contains("--\(b)--"))
  #expect(http.headers["Content-Type"] == "multipart/form-data; boundary=\(b)")
  #expect(http.headers["User-Agent"] == "FBiOSSDK.\(release.rawValue)")
  // 3.1 is unversioned and starts every request with its migration bundle (FBRequest.m:102).
  let (version, bundle) =
    release == .v3_1 ? ("", "migration_bundle=fbsdk%3A20120913&") : ("/v2.2", "")
  #expect(
    http.url
      == "https://graph.facebook.com\(version)/me/feed?\(bundle)message=hi&format=json&sdk=ios&access_token=CAAEmuAlicePublish"
  )
}

@Test(arguments: SDKWire.releases)
func sdkGetWithMultipartTypeAndEmptyBody(release: IOSSDKWire.Release) {
  let emulator = GraphEmulator()
  let answer = SDKWire.send(emulator, release, [.graph("me", token: "CAAEmuAlice")])
  #expect(answer.status == 200)
  #expect(answer.json?["name"] == "Alice Whitfield")
}

@Test(arguments: SDKWire.releases)
func sdkStatusUpdateAndDelete(release: IOSSDKWire.Release) throws {
  let emulator = GraphEmulator()
  let post = SDKWire.send(
    emulator, release,
    [
      .graph(
        "me/feed", [("message", "Dinner at Marco's")], method: .post, token: "CAAEmuAlicePublish")
    ])
  #expect(post.status == 200)
  let id = try #require(post.json?["id"]?.stringValue)
  let delete = SDKWire.send(
    emulator, release, [.graph(id, method: .delete, token: "CAAEmuAlicePublish")])
  #expect(delete.status == 200)
  // The default world serves unversioned calls (3.1's) as v2.2: `{"success":true}` from v2.1.
  #expect(delete.text == #"{"success":true}"#)
}

@Test(arguments: SDKWire.releases)
func sdkPublishWithoutPermission(release: IOSSDKWire.Release) {
  let emulator = GraphEmulator()
  let answer = SDKWire.send(
    emulator, release, [.graph("me/feed", [("message", "hi")], method: .post, token: "CAAEmuAlice")]
  )
  #expect(answer.status == 403)
  #expect(answer.json?["error"]?["code"] == 200)
}

@Test(arguments: SDKWire.releases)
func sdkUploadPhotoNamesItsPartPicture(release: IOSSDKWire.Release) {
  let emulator = GraphEmulator()
  let request = IOSSDKRequest(
    .graph("me/photos"), parameters: [("picture", .image([0x89, 0x50, 0x4E, 0x47]))], method: .post,
    accessToken: "CAAEmuAlicePublish")
  let answer = SDKWire.send(emulator, release, [request])
  #expect(answer.status == 200, "\(answer.text)")
  #expect(answer.json?["id"]?.stringValue != nil)
  #expect(answer.json?["post_id"]?.stringValue != nil)
}

@Test(arguments: SDKWire.releases)
func sdkBatchOfTwoReads(release: IOSSDKWire.Release) {
  let emulator = GraphEmulator()
  // 3.1's FBSBJSON writes `/` as it is, 3.24's NSJSONSerialization as `\/`.
  let http = IOSSDKWire(release).connection(
    [.graph("me", token: "CAAEmuAlice"), .graph("me/friends", token: "CAAEmuAlice")],
    appID: SDKWire.appID)
  let text = String(decoding: http.body, as: UTF8.self)
  #expect(
    text.contains(
      release == .v3_1 ? #""relative_url":"me/friends?"# : #""relative_url":"me\/friends?"#))
  let answer = SDKWire.send(
    emulator, release,
    [.graph("me", token: "CAAEmuAlice"), .graph("me/friends", token: "CAAEmuAlice")])
  #expect(answer.status == 200)
  let bodies = SDKWire.itemBodies(answer)
  #expect(bodies.count == 2)
  #expect(bodies.first??["name"] == "Alice Whitfield")
  #expect(bodies.last??["data"]?.arrayValue?.isEmpty == false)
}

@Test func sdk324ExtendsTheTokenOnABatch() {
  let emulator = GraphEmulator()
  let extend = IOSSDKRequest(
    .graph("oauth/access_token"), parameters: [("grant_type", .string("fb_extend_sso_token"))],
    accessToken: "CAAEmuAlice", versionPart: "v2.0")
  let answer = SDKWire.send(emulator, .v3_24, [.graph("me", token: "CAAEmuAlice"), extend])
  let bodies = SDKWire.itemBodies(answer)
  #expect(bodies.count == 2, "\(answer.text)")
  #expect(bodies.last??["access_token"]?.stringValue?.isEmpty == false, "\(answer.text)")
  #expect(bodies.last??["expires_at"] != nil)
}

@Test func sdk31ExtendsTheTokenByTheRESTPiggyback() {
  let emulator = GraphEmulator()
  let extend = IOSSDKRequest(.rest("auth.extendSSOAccessToken"), accessToken: "CAAEmuAlice")
  let answer = SDKWire.send(emulator, .v3_1, [.graph("me", token: "CAAEmuAlice"), extend])
  let bodies = SDKWire.itemBodies(answer)
  #expect(bodies.count == 2, "\(answer.text)")
  #expect(bodies.last??["access_token"]?.stringValue?.isEmpty == false, "\(answer.text)")
  #expect(bodies.last??["expires_at"] != nil)
}

@Test(arguments: SDKWire.releases)
func sdkOpenGraphActionWithTagsAndImage(release: IOSSDKWire.Release) {
  let emulator = GraphEmulator()
  let action: JSONValue = [
    "meal": ["url": "https://example.com/meals/cheeseburger.html"],
    "tags": [["id": "100001000000002"]],
    "image": [["url": "https://example.com/burger.jpg", "user_generated": "true"]],
  ]
  let request = IOSSDKRequest(
    .graph("me/fb_sample_scrumps:eat"), method: .post, graphObject: action.objectValue,
    accessToken: "CAAEmuAlicePublish")
  let http = IOSSDKWire(release).connection([request], appID: SDKWire.appID)
  let text = String(decoding: http.body, as: UTF8.self)
  #expect(text.contains("name=\"tags[0]\"\r\n\r\n100001000000002\r\n"))
  // 3.24's single request has the path `/v2.2/me/...`, which `processGraphObject:forPath:`
  // does not see as an action (it looks for `me/` or `/me/`): the image goes by reference.
  let image = release == .v3_1 ? "image[0][url]" : "image[0]"
  #expect(text.contains("name=\"\(image)\"\r\n\r\nhttps://example.com/burger.jpg\r\n"))
  let answer = SDKWire.send(emulator, release, [request])
  #expect(answer.status == 200, "\(answer.text)")
  #expect(answer.json?["id"]?.stringValue != nil)
}

@Test(arguments: SDKWire.releases)
func sdkTaggingANonTesterIs1611075(release: IOSSDKWire.Release) {
  let emulator = GraphEmulator()
  let action: JSONValue = [
    "meal": ["url": "https://example.com/meals/cheeseburger.html"],
    "tags": [["id": "100002768941660"]],
  ]
  let request = IOSSDKRequest(
    .graph("me/fb_sample_scrumps:eat"), method: .post, graphObject: action.objectValue,
    accessToken: "CAAEmuAlicePublish")
  let answer = SDKWire.send(emulator, release, [request])
  #expect(answer.json?["error"]?["code"] == 1_611_075, "\(answer.text)")
}

@Test func sdkAppSettingsWithoutAToken() {
  let emulator = GraphEmulator()
  let fields = [
    "name", "supports_implicit_sdk_logging", "gdpv4_nux_enabled", "gdpv4_nux_content",
    "ios_dialog_configs", "ios_sdk_dialog_flows.os_version(8.1.0)", "ios_supports_system_auth",
    "app_events_feature_bitmask",
  ].joined(separator: ",")
  let answer = SDKWire.send(emulator, .v3_24, [.graph("\(SDKWire.appID)?fields=\(fields)")])
  #expect(answer.status == 200, "\(answer.text)")
  #expect(answer.json?["name"] == "Scrumptious")
  #expect(answer.json?["supports_implicit_sdk_logging"] != nil)
}

@Test func sdkAppEventsFlushWithCustomEventsFile() {
  let emulator = GraphEmulator()
  let events = #"[{"_eventName":"fb_mobile_activate_app","_logTime":1417000000}]"#
  let answer = SDKWire.flushAppEvents(emulator, events)
  #expect(answer.status == 200, "\(answer.text)")
  #expect(answer.text == #"{"success":true}"#)
}

@Test func sdkProfilePictureWithoutAToken() {
  let emulator = GraphEmulator()
  let answer = emulator.answer(
    HTTPRequest(url: "https://graph.facebook.com/100001000000002/picture?width=100&height=100"))
  #expect(answer.status == 302, "\(answer.bodyText)")
}

/// FBTestUsersManager (3.24): creates a test user with the app token, then reads every test
/// user and their permissions in one batch (`?ids={result=test-accounts:$.data.*.id}`).
@Test func sdkTestUsersManagerReadsPermissionsWithTheAppToken() throws {
  let emulator = GraphEmulator()
  let appToken = "233936543368280|5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"
  let create = SDKWire.send(
    emulator, .v3_24,
    [
      .graph(
        "233936543368280/accounts/test-users",
        [
          ("installed", "true"), ("permissions", "email,publish_actions"),
          ("access_token", appToken),
        ],
        method: .post)
    ])
  #expect(create.status == 200, "\(create.text)")
  let id = try #require(create.json?["id"]?.stringValue)
  let list = IOSSDKRequest(
    .graph("233936543368280/accounts/test-users"),
    parameters: [("access_token", .string(appToken))],
    batchParameters: [("name", "test-accounts"), ("omit_response_on_success", false)])
  let permissions = IOSSDKRequest(
    .graph("?ids={result=test-accounts:$.data.*.id}&fields=permissions"),
    parameters: [("access_token", .string(appToken))])
  let http = IOSSDKWire(.v3_24).connection([list, permissions], appID: SDKWire.appID)
  #expect(String(decoding: http.body, as: UTF8.self).contains(#""omit_response_on_success":false"#))
  let answer = SDKWire.send(emulator, .v3_24, [list, permissions])
  let bodies = SDKWire.itemBodies(answer)
  #expect(bodies.count == 2, "\(answer.text)")
  #expect(bodies.first??["data"]?.arrayValue?.contains { $0["id"]?.stringValue == id } == true)
  let granted = bodies.last??[id]?["permissions"]?["data"]?.arrayValue?.compactMap {
    $0["permission"]?.stringValue
  }
  #expect(granted?.contains("email") == true, "\(answer.text)")
  #expect(granted?.contains("publish_actions") == true)
}

/// `return_scopes=true` on the login dialog: `granted_scopes` and `denied_scopes` (3.24's
/// FBSession reads them).
@Test func loginDialogReturnsScopes() throws {
  let emulator = GraphEmulator()
  let query =
    "client_id=233936543368280&redirect_uri=fb233936543368280%3A%2F%2Fauthorize&scope=email"
    + "&response_type=token&return_scopes=true"
  let page = emulator.answer(HTTPRequest(url: "https://m.facebook.com/v2.2/dialog/oauth?" + query))
  let token = try #require(formToken(page.bodyText))
  let response = emulator.answer(
    HTTPRequest(
      method: "POST", url: "https://m.facebook.com/v2.2/dialog/oauth",
      headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array((query + "&decision=approve&person=100001000000002&fb_dtsg=\(token)").utf8)))
  let location = try #require(response.headers["Location"])
  let fragment = QueryItems(parsing: location.split(separator: "#").last ?? "")
  #expect(fragment["granted_scopes"]?.contains("email") == true, "\(location)")
  #expect(fragment["denied_scopes"] == "")
}
