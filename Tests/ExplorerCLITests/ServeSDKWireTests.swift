import Foundation
import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

/// The iOS SDK 3.x's and the legacy SDK's own bytes (IOSSDKWire, LegacySDKWire: the
/// unterminated multipart body, the multipart Content-Type on GET and DELETE) sent raw over a
/// socket to the built `graph-explorer serve`, each answer read as FBRequestConnection reads it:
/// every batch item's body string on its own, FBErrorUtility's category for an error.
@Suite struct ServeSDKWireTests {
  static let appID = "233936543368280"
  static let appToken = "233936543368280|5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"

  /// Sends `request` as its SDK puts it on the wire, on a connection of its own.
  static func send(_ request: HTTPRequest, to server: ServeProcess) throws -> RawClient.Response {
    guard let port = URLParts(server.url)?.port else {
      throw ServeProcess.Failure(description: "no port in \(server.url)")
    }
    let client = try RawClient(port: port, timeout: 20)
    try client.send(SDKWireMessage(request).bytes)
    return try client.readResponse()
  }

  /// An FBRequestConnection of `requests` through `server`: each handler's view.
  static func connection(
    _ release: IOSSDKWire.Release, _ requests: [IOSSDKRequest], to server: ServeProcess
  ) throws -> [SDKErrorView] {
    let answer = try send(IOSSDKWire(release).connection(requests, appID: appID), to: server)
    let version = release == .v3_1 ? IOSSDKVersion.v3_1 : .v3_24
    return SDKErrorView.connection(
      status: answer.status, body: answer.body, count: requests.count, sdkVersion: version)
  }

  @Test(arguments: IOSSDKWire.Release.allCases)
  func everyRequestKindThroughServe(release: IOSSDKWire.Release) async throws {
    let server = try await ServeProcess.launch([])
    let publish = "CAAEmuAlicePublish"
    // GET with the multipart Content-Type and an empty body.
    let me = try Self.connection(release, [.graph("me", token: "CAAEmuAlice")], to: server)
    #expect(me.first?.error == nil)
    #expect(me.first?.result?["name"] == "Alice Whitfield")
    // POST: the text parameters in the URL and again as parts, the body never closed.
    let status = try Self.connection(
      release,
      [.graph("me/feed", [("message", "Dinner at Marco's")], method: .post, token: publish)],
      to: server)
    let postID = try #require(status.first?.result?["id"]?.stringValue)
    // DELETE with the multipart Content-Type and an empty body.
    let delete = try Self.connection(
      release, [.graph(postID, method: .delete, token: publish)], to: server)
    #expect(delete.first?.error == nil)
    #expect(delete.first?.result?["success"] == true)
    // requestForUploadPhoto: the file part named `picture`.
    let photo = try Self.connection(
      release,
      [
        IOSSDKRequest(
          .graph("me/photos"), parameters: [("picture", .image([0x89, 0x50, 0x4E, 0x47]))],
          method: .post, accessToken: publish)
      ], to: server)
    #expect(photo.first?.result?["id"]?.stringValue != nil, "\(String(describing: photo.first))")
    // A publish without publish_actions: HTTP 403, (#200), Permissions, session kept.
    let denied = try Self.connection(
      release, [.graph("me/feed", [("message", "hi")], method: .post, token: "CAAEmuAlice")],
      to: server)
    #expect(denied.first?.error?.code == .httpError)
    #expect(denied.first?.graphError?.code == 200)
    #expect(denied.first?.category == (release == .v3_1 ? nil : .permissions))
    #expect(denied.first?.sessionEffect == SDKErrorView.SessionEffect.none)
    // A batch: each item's body string read on its own.
    let batch = try Self.connection(
      release,
      [.graph("me", token: "CAAEmuAlice"), .graph("me/friends", token: "CAAEmuAlice")], to: server)
    #expect(batch.count == 2)
    #expect(batch.first?.result?["name"] == "Alice Whitfield")
    #expect(batch.last?.result?["data"]?.arrayValue?.isEmpty == false)
    // The token extension piggybacked on a batch: 3.24's fb_extend_sso_token, 3.1's REST call.
    let extend =
      release == .v3_1
      ? IOSSDKRequest(.rest("auth.extendSSOAccessToken"), accessToken: "CAAEmuAlice")
      : IOSSDKRequest(
        .graph("oauth/access_token"), parameters: [("grant_type", .string("fb_extend_sso_token"))],
        accessToken: "CAAEmuAlice", versionPart: "v2.0")
    let extended = try Self.connection(
      release, [.graph("me", token: "CAAEmuAlice"), extend], to: server)
    #expect(extended.last?.result?["access_token"]?.stringValue?.isEmpty == false)
    #expect(extended.last?.result?["expires_at"] != nil)
    // Any other REST method, alone at api.facebook.com: the REST API's error 3, answered with
    // HTTP 200, which the SDK hands over as the result (`errorFromResult:` looks at the item's
    // own keys, `code` and `body`, not at the body's `error_code`).
    let rest = try Self.send(
      IOSSDKWire(release).connection(
        [IOSSDKRequest(.rest("users.getInfo"), accessToken: "CAAEmuAlice")], appID: Self.appID),
      to: server)
    #expect(rest.status == 200)
    let restView = SDKErrorView(status: rest.status, body: rest.body)
    #expect(restView.error == nil)
    #expect(restView.result?["error_code"] == 3, "\(rest.bodyText)")
    // An Open Graph action tagging a non-tester: 1611075, each item its own error.
    let action: JSONValue = [
      "meal": ["url": "https://example.com/meals/cheeseburger.html"],
      "tags": [["id": "100002768941660"]],
    ]
    let tagged = try Self.connection(
      release,
      [
        IOSSDKRequest(
          .graph("me/fb_sample_scrumps:eat"), method: .post, graphObject: action.objectValue,
          accessToken: publish)
      ], to: server)
    #expect(tagged.first?.graphError?.code == 1_611_075)
    #expect(tagged.first?.category == (release == .v3_1 ? nil : .facebookOther))
    #expect(await server.terminate() == 0)
    #expect(!server.log.contains("CAAEmuAlice"), "tokens never reach the log")
    // The log names the SDK and its version from the User-Agent.
    #expect(server.log.contains(" 200 ("), "\(server.log)")
    #expect(server.log.contains(") · iOS SDK \(release.rawValue)\n"), "\(server.log)")
  }

  @Test(
    arguments: [
      ("FBiOSSDK.3.24.4", "iOS SDK 3.24.4"), ("FBiOSSDK.3.1.0 MyApp/2", "iOS SDK 3.1.0"),
      ("FBAndroidSDK.3.23.1", "Android SDK 3.23.1"),
      ("FacebookConnect", "legacy iOS SDK (FacebookConnect)"), ("curl/8.5.0", nil),
      ("FBiOSSDK.", nil), ("FBiOSSDK.3.24\u{1B}[2J", nil), ("", nil),
    ] as [(String, String?)])
  func userAgentNamesTheSDK(agent: String, label: String?) {
    #expect(SDKUserAgent(agent)?.description == label)
  }

  /// The Android SDK 3.x (Request.java): GET without a body, POST as the unterminated
  /// multipart body, a batch with org.json's `\/` and a photo part.
  @Test(arguments: AndroidSDKWire.Release.allCases)
  func androidRequestsThroughServe(release: AndroidSDKWire.Release) async throws {
    let server = try await ServeProcess.launch([])
    let wire = AndroidSDKWire(release)
    func connection(_ requests: [IOSSDKRequest]) throws -> [SDKErrorView] {
      let answer = try Self.send(wire.connection(requests, appID: Self.appID), to: server)
      return SDKErrorView.connection(
        status: answer.status, body: answer.body, count: requests.count)
    }
    let me = try connection([.graph("me", token: "CAAEmuAlice")])
    #expect(me.first?.result?["name"] == "Alice Whitfield")
    let post = try connection(
      [.graph("me/feed", [("message", "hi (there)!")], method: .post, token: "CAAEmuAlicePublish")])
    #expect(post.first?.result?["id"]?.stringValue != nil, "\(String(describing: post.first))")
    let upload = IOSSDKRequest(
      .graph("me/photos"), parameters: [("picture", .image([0x89, 0x50]))], method: .post,
      accessToken: "CAAEmuAlicePublish", batchParameters: [("name", "photopost")])
    let batch = try connection([
      upload, .graph("{result=photopost:$.id}", token: "CAAEmuAlicePublish"),
    ])
    #expect(batch.last?.result?["source"]?.stringValue != nil, "\(String(describing: batch.last))")
    #expect(await server.terminate() == 0)
    #expect(server.log.contains(") · Android SDK \(release.rawValue)\n"), "\(server.log)")
  }

  /// The legacy SDK (tag v1.last): graph and REST calls with `sdk_version=2`, a POST whose
  /// file part has no `name`, the feed dialog.
  @Test func legacyRequestsThroughServe() async throws {
    let server = try await ServeProcess.launch([])
    let wire = LegacySDKWire(appID: Self.appID)
    let me = try Self.send(wire.graph("me", token: "CAAEmuAlice"), to: server)
    #expect(me.status == 200)
    #expect(SDKErrorView.parse(me.body)["name"] == "Alice Whitfield")
    let post = try Self.send(
      wire.graph(
        "me/feed", [("message", .string("Checked in at Marco's"))], method: .post,
        token: "CAAEmuAlicePublish"), to: server)
    #expect(post.status == 200, "\(post.bodyText)")
    let photo = try Self.send(
      wire.graph(
        "me/photos", [("message", .string("Dinner")), ("picture", .image([0x89, 0x50]))],
        method: .post, token: "CAAEmuAlicePublish"), to: server)
    #expect(photo.status == 200, "\(photo.bodyText)")
    let extend = try Self.send(
      wire.rest("auth.extendSSOAccessToken", token: "CAAEmuAlice"), to: server)
    #expect(SDKErrorView.parse(extend.body)["access_token"] == "CAAEmuAlice")
    let dialog = try Self.send(
      HTTPRequest(
        url: wire.dialogURL("feed", [("name", "Scrumptious")], token: "CAAEmuAlicePublish")),
      to: server)
    #expect(dialog.status == 200)
    #expect(await server.terminate() == 0)
    #expect(server.log.contains("· legacy iOS SDK (FacebookConnect)\n"), "\(server.log)")
  }
}
