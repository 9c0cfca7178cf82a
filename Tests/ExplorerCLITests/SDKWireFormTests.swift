import Foundation
import GraphAPI
import Testing

@testable import ExplorerCLI

/// `--offline --as NAME`: a request line shown as the SDK's own bytes.
@Suite struct SDKWireFormTests {
  @Test func postAsIOS324() async {
    let run = await ScriptModeTests.run(
      "token CAAEmuAlicePublish\nPOST me/feed message=\"hi there\" --offline --as ios-3.24\n",
      ["--no-color"])
    #expect(run.status == .success)
    let b = IOSSDKWire.boundary
    #expect(
      run.output.contains(
        "POST /v2.2/me/feed?message=hi%20there&format=json&sdk=ios&access_token=<redacted> HTTP/1.1\nHost: graph.facebook.com\nUser-Agent: FBiOSSDK.3.24.4\nContent-Type: multipart/form-data; boundary=\(b)\n"
      ), "\(run.output)")
    #expect(
      run.output.contains("Content-Disposition: form-data; name=\"message\"\n\nhi there\n--\(b)\n"))
    // Never closed with --B--; the token never printed.
    #expect(run.output.hasSuffix("--\(b)\n"))
    #expect(!run.output.contains("--\(b)--"))
    // Only `token set` shows the token; the form part has it redacted.
    #expect(run.output.components(separatedBy: "CAAEmuAlicePublish").count == 2)
    #expect(run.output.contains("name=\"access_token\"\n\n<redacted>\n"))
  }

  @Test func getAsIOS31AndLegacyWithToken() async {
    let run = await ScriptModeTests.run(
      "token CAAEmuAlice\nGET me fields=id --offline --as ios-3.1\nGET me --offline --as legacy --with-token\n",
      ["--no-color"])
    #expect(
      run.output.contains(
        "GET /me?migration_bundle=fbsdk%3A20120913&fields=id&format=json&sdk=ios&access_token=<redacted> HTTP/1.1\n"
      ), "\(run.output)")
    #expect(run.output.contains("User-Agent: FBiOSSDK.3.1.0\nContent-Type: multipart/form-data;"))
    #expect(
      run.output.contains(
        "GET /me?format=json&sdk=ios&sdk_version=2&access_token=CAAEmuAlice HTTP/1.1\nHost: graph.facebook.com\nUser-Agent: FacebookConnect\n"
      ))
  }

  @Test func anUnknownNameIsRefused() async {
    let run = await ScriptModeTests.run("GET me --offline --as android\n", ["--no-color"])
    #expect(
      run.errors.contains(
        "--as: expected ios-3.1|ios-3.24|legacy|android-3.0|android-3.22, found 'android'"))
  }

  /// Issue 45: without `--offline`, `--as` sends the SDK's bytes: to the emulator, and to a
  /// served one at its own address.
  @Test func asSendsTheSDKsBytes() async throws {
    let script =
      "token CAAEmuAlicePublish\nset verbose on\nPOST me/feed message=\"from the sdk\" --as ios-3.24\n"
      + "GET $last.id --as legacy\nexpect message == \"from the sdk\"\nGET me fields=name --as ios-3.1\n"
      + "GET me fields=locale --as android-3.22\nexpect locale == en_US\n"
    let local = await ScriptModeTests.run(script, ["--no-color"])
    #expect(local.status == .success, "\(local.errors)")
    #expect(
      local.errors.contains(
        "URL:\thttps://graph.facebook.com/v2.2/me/feed?message=from%20the%20sdk&format=json&sdk=ios&access_token=ACCESS_TOKEN_REMOVED"
      ), "\(local.errors)")
    #expect(local.errors.contains("UserAgent:\tFBiOSSDK.3.24.4"))
    #expect(local.errors.contains("sdk_version=2"))
    #expect(local.errors.contains("UserAgent:\tFBiOSSDK.3.1.0"))
    #expect(local.errors.contains("UserAgent:\tFBAndroidSDK.3.22.0"), "\(local.errors)")
    #expect(local.output.contains("\"name\": \"Alice Whitfield\""))
    let server = try await ServeProcess.launch([])
    let served = await ScriptModeTests.run(script, ["--no-color", "--target", server.url])
    #expect(served.status == .success, "\(served.output)\(served.errors)")
    #expect(
      served.errors.contains(
        "URL:\t\(server.url)/v2.2/me/feed?message=from%20the%20sdk&format=json&sdk=ios"),
      "\(served.errors)")
    #expect(served.output.contains("\"name\": \"Alice Whitfield\""))
    #expect(await server.terminate() == 0)
  }

  @Test func typedAtThePrompt() throws {
    let person = try TypedSession()
    let answer = try person.submit("GET me fields=id --as ios-3.24")
    #expect(answer.contains("HTTP 200 · v2.2"), "\(answer)")
    #expect(answer.contains("\"id\": \"100001000000001\""), "\(answer)")
    _ = try person.leave()
  }

  /// The bytes are IOSSDKWire's, file parts shown as `\xHH`.
  @Test func bytesAreTheWiresOwn() {
    let graph = GraphRequest(
      .post, "me/photos", parameters: ["message": "x"],
      uploads: [
        GraphUpload(
          name: "source", filename: "a.png", contentType: "image/png", bytes: [0x89, 0x50])
      ],
      accessToken: "CAAEmuAlicePublish")
    let request = SDKWireForm.ios31.request(graph, appID: "1")
    let expected = IOSSDKWire(.v3_1).connection(
      [
        IOSSDKRequest(
          .graph("me/photos"),
          parameters: [("message", .string("x")), ("source", .image([0x89, 0x50]))],
          method: .post, accessToken: "CAAEmuAlicePublish")
      ], appID: "1")
    #expect(request == expected)
    let text = SDKWireForm.text(request, token: "CAAEmuAlicePublish", unmasked: false)
    #expect(text.contains("Content-Type: image/png\n\n\\x89P\n"), "\(text)")
    #expect(!text.contains("CAAEmuAlicePublish"))
  }
}
