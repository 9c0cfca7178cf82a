import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// The Android SDK 3.x's bytes (AndroidSDKWire, from facebook-android-sdk's Request.java at
/// sdk-version-3.0.1 and sdk-version-3.22.0) sent to the in-process emulator.
@Suite struct AndroidSDKWireTests {
  static let appID = "233936543368280"

  func send(_ release: AndroidSDKWire.Release, _ requests: [IOSSDKRequest]) -> (
    HTTPRequest, [SDKErrorView]
  ) {
    let http = AndroidSDKWire(release).connection(requests, appID: Self.appID)
    let response = GraphEmulator().answer(http)
    return (
      http,
      SDKErrorView.connection(status: response.status, body: response.body, count: requests.count)
    )
  }

  @Test func getHasNoBodyAndAndroidParameters() {
    let (http, views) = send(.v3_22, [.graph("me", [("fields", "id,name")], token: "CAAEmuAlice")])
    #expect(
      http.url
        == "https://graph.facebook.com/v2.2/me?fields=id%2Cname&access_token=CAAEmuAlice&sdk=android&format=json"
    )
    #expect(http.body.isEmpty)
    #expect(http.headers["User-Agent"] == "FBAndroidSDK.3.22.0")
    #expect(http.headers["Accept-Language"] == "en_US")
    #expect(http.headers["Content-Type"] == "multipart/form-data; boundary=\(IOSSDKWire.boundary)")
    #expect(views.first?.result?["name"] == "Alice Whitfield")
  }

  @Test func uriEncodingKeepsWhatTheIOSSDKEscapes() {
    #expect(AndroidSDKWire.uriEncoded("a b!'()*~.-_/:") == "a%20b!'()*~.-_%2F%3A")
    #expect(AndroidSDKWire.formEncoded("a b!'~*") == "a+b%21%27%7E*")
    #expect(IOSSDKWire.percentEscaped("!'()*") == "%21%27%28%29%2A")
  }

  @Test(arguments: AndroidSDKWire.Release.allCases)
  func postIsTheSameUnterminatedMultipart(release: AndroidSDKWire.Release) throws {
    let (http, views) = send(
      release,
      [
        .graph(
          "me/feed", [("message", "Dinner (at 8)!")], method: .post, token: "CAAEmuAlicePublish")
      ])
    let text = String(decoding: http.body, as: UTF8.self)
    let b = IOSSDKWire.boundary
    #expect(text.hasPrefix("--\(b)\r\nContent-Disposition: form-data; name=\""))
    #expect(text.contains("name=\"message\"\r\n\r\nDinner (at 8)!\r\n--\(b)\r\n"))
    #expect(text.contains("name=\"sdk\"\r\n\r\nandroid\r\n"))
    #expect(text.hasSuffix("\r\n--\(b)\r\n") && !text.contains("--\(b)--"))
    #expect(http.url.contains("message=Dinner%20(at%208)!"))
    #expect(release == .v3_22 || http.url.contains("?migration_bundle=fbsdk%3A20121026&"))
    #expect(views.first?.result?["id"]?.stringValue != nil, "\(String(describing: views.first))")
  }

  /// A batch: org.json's `\/`, 3.22's versioned `relative_url` and `omit_response_on_success`,
  /// the photo as `file0`; each item read on its own.
  @Test func batchWithAPhotoAndAReference() throws {
    let upload = IOSSDKRequest(
      .graph("me/photos"), parameters: [("picture", .image([0x89, 0x50, 0x4E, 0x47]))],
      method: .post, accessToken: "CAAEmuAlicePublish", batchParameters: [("name", "photopost")])
    let read = IOSSDKRequest.graph("{result=photopost:$.id}", token: "CAAEmuAlicePublish")
    let (http, views) = send(.v3_22, [upload, read])
    let text = String(decoding: http.body, as: UTF8.self)
    #expect(
      text.contains(
        #"{"name":"photopost","omit_response_on_success":true,"relative_url":"v2.2\/me\/photos?"#),
      "\(text)")
    #expect(text.contains(#""attached_files":"file0""#))
    #expect(text.contains("name=\"file0\"; filename=\"file0\"\r\nContent-Type: image/png\r\n"))
    #expect(views.count == 2)
    #expect(views.last?.result?["source"]?.stringValue != nil, "\(String(describing: views.last))")
  }
}
