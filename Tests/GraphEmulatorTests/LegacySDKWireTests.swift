import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// The legacy Facebook SDK's bytes (LegacySDKWire, rebuilt from facebook-ios-sdk tag v1.last),
/// as the seeds' apps send them: login dialog, `me/checkins`, a feed post, a photo, the feed
/// dialog and the REST token extension.
@Suite struct LegacySDKWireTests {
  let wire = LegacySDKWire(appID: "233936543368280")

  func send(_ emulator: GraphEmulator, _ request: HTTPRequest) -> Answer {
    let response = emulator.answer(request)
    return Answer(status: response.status, headers: response.headers, text: response.bodyText)
  }

  @Test func graphRequestsCarryTheLegacyParameters() {
    let request = wire.graph("me/checkins", token: "CAAEmuAlice")
    #expect(
      request.url
        == "https://graph.facebook.com/me/checkins?format=json&sdk=ios&sdk_version=2&access_token=CAAEmuAlice"
    )
    #expect(request.headers["User-Agent"] == "FacebookConnect")
    #expect(request.headers["Content-Type"] == nil)
  }

  @Test func loginDialogReturnsTheTokenInTheFragment() throws {
    let emulator = GraphEmulator()
    let url = wire.loginDialogURL(permissions: ["publish_stream", "offline_access"])
    #expect(
      url.hasPrefix(
        "https://m.facebook.com/dialog/oauth?client_id=233936543368280&type=user_agent&redirect_uri=fbconnect%3A%2F%2Fsuccess&display=touch&sdk=ios&scope=publish_stream%2Coffline_access"
      ))
    let page = send(emulator, HTTPRequest(url: url))
    #expect(page.status == 200)
    #expect(page.text.contains("name=\"type\" value=\"user_agent\""))
    // The web view posts the dialog's form, with the token the page carried.
    let token = try #require(formToken(page.text))
    let submit = send(
      emulator,
      HTTPRequest(
        method: "POST", url: "https://m.facebook.com/dialog/oauth",
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Array(
          (URLParts(url)?.query ?? "").appending(
            "&decision=approve&person=100001000000002&fb_dtsg=\(token)"
          ).utf8)))
    #expect(submit.status == 302)
    let location = try #require(submit.headers["Location"])
    #expect(location.hasPrefix("fbconnect://success#access_token="))
    #expect(location.contains("&expires_in="))
    // fbDidLogin: the token from the fragment works for the app's next call.
    let minted = try #require(
      location.split(separator: "#").last.map { QueryItems(parsing: $0)["access_token"] } ?? nil)
    let me = send(emulator, wire.graph("me", token: minted))
    #expect(me.json?["name"] == "Bob Okafor")
  }

  @Test func feedPostPhotoAndCheckins() throws {
    let emulator = GraphEmulator()
    let post = send(
      emulator,
      wire.graph(
        "me/feed", [("message", .string("Checked in at Marco's"))], method: .post,
        token: "CAAEmuAlicePublish"))
    #expect(post.status == 200, "\(post.text)")
    #expect(post.json?["id"]?.stringValue != nil)
    let photo = send(
      emulator,
      wire.graph(
        "me/photos", [("message", .string("Dinner")), ("picture", .image([0x89, 0x50]))],
        method: .post, token: "CAAEmuAlicePublish"))
    #expect(photo.status == 200, "\(photo.text)")
    #expect(photo.json?["id"]?.stringValue != nil)
    let checkins = send(emulator, wire.graph("v1.0/me/checkins", token: "CAAEmuAlice"))
    #expect(checkins.status == 200, "\(checkins.text)")
  }

  @Test func feedDialogRedirectsToFBConnectWithThePostID() throws {
    let emulator = GraphEmulator()
    let url = wire.dialogURL(
      "feed", [("link", "https://example.com"), ("name", "Scrumptious")],
      token: "CAAEmuAlicePublish")
    #expect(url.contains("display=touch&sdk=2&redirect_uri=fbconnect%3A%2F%2Fsuccess&app_id="))
    #expect(send(emulator, HTTPRequest(url: url)).status == 200)
    let submit = send(
      emulator,
      HTTPRequest(
        method: "POST", url: "https://m.facebook.com/dialog/feed",
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Array(((URLParts(url)?.query ?? "") + "&decision=approve").utf8)))
    #expect(submit.status == 302)
    #expect(submit.headers["Location"]?.hasPrefix("fbconnect://success?post_id=") == true)
  }

  @Test func restTokenExtension() {
    let emulator = GraphEmulator()
    let answer = send(emulator, wire.rest("auth.extendSSOAccessToken", token: "CAAEmuAlice"))
    #expect(answer.status == 200)
    #expect(answer.json?["access_token"] == "CAAEmuAlice")
    #expect(answer.json?["expires_at"]?.numberValue != nil)
    let unknown = send(emulator, wire.rest("users.getInfo", token: "CAAEmuAlice"))
    #expect(unknown.json?["error_code"] == 3)
    #expect(unknown.json?["error_msg"] == "Unknown method")
    #expect(!unknown.text.contains("CAAEmuAlice"))
    // The REST server's other address answers as REST, not as a node id.
    let server = emulator.answer(
      HTTPRequest(
        url: "https://api.facebook.com/restserver.php?method=users.getInfo&format=json"
          + "&access_token=CAAEmuAlice"))
    let json = try? JSONParser.parse(server.bodyText)
    #expect(json?["error_code"] == 3, "\(server.bodyText)")
    #expect(json?["error_msg"] == "Unknown method")
    #expect(json?["request_args"]?.arrayValue?.last?["value"] == "users.getInfo")
    #expect(!server.bodyText.contains("CAAEmuAlice"))
  }
}
