import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import GraphServer
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// `target` (over a loopback GraphServer serving the emulator) and `code`.
@Suite struct TargetAndCodeTests {
  @Test func targetSendsRequestsToAServedEmulator() async throws {
    let server = GraphServer(transport: GraphEmulator())
    let port = try server.start()
    defer { server.stop() }
    let url = "http://127.0.0.1:\(port)"
    let run = await ScriptModeTests.run(
      "target \(url)\nGET me?fields=name\nGET me/friends?limit=1\nnext\ntarget\ntarget emulator\n"
        + "GET me?fields=id\n",
      ["--no-color"])
    #expect(run.output.contains("target \(url)\n"))
    #expect(run.output.contains("\"name\": \"Alice Whitfield\""))
    #expect(run.output.contains("target \(url) (\(url))"))
    #expect(run.output.contains(" · #4\n"))
    #expect(run.errors == "")
    let flag = await ScriptModeTests.run("GET me?fields=name\n", ["--raw", "--target", url])
    #expect(flag.output.hasPrefix(#"{"name":"Alice Whitfield""#))
  }

  @Test func targetRefusesWhatIsNotAURL() async {
    let run = await ScriptModeTests.run("target ftp://x\n")
    #expect(run.errors.contains("expected emulator, live or an http(s) URL, found 'ftp://x'"))
  }

  @Test func codeWritesTheRequestWithAPlaceholderToken() async {
    let run = await ScriptModeTests.run(
      "GET me/friends?limit=2\ncode\ncode objc #1\ncode python --with-token\ncode swift\n")
    #expect(run.errors == "")
    #expect(run.output.contains("curl"))
    #expect(run.output.contains("<ACCESS_TOKEN>"))
    #expect(run.output.contains("startWithGraphPath:"))
    #expect(run.output.contains("CAAEmuAlice"))
    #expect(run.output.contains("URLSession"))
  }

  @Test func codeKeepsTheLinesHeaderItems() async {
    let run = await ScriptModeTests.run(
      "GET me?fields=name Accept-Language:fr_FR Authorization:\"OAuth CAAEmuAlice\"\ncode\n"
        + "code python\n")
    #expect(run.errors == "")
    #expect(run.output.contains("  -H 'Accept-Language: fr_FR' \\\n"))
    #expect(run.output.contains("  -H 'Authorization: OAuth <ACCESS_TOKEN>' \\\n"))
    #expect(run.output.contains("  'https://graph.facebook.com/me?fields=name'\n"))
    #expect(run.output.contains(#"graph.session.headers.update({"Accept-Language": "fr_FR"})"#))
    #expect(!run.output.contains("CAAEmuAlice"))
  }

  /// The SDKs' Get Code (issue 45): the Android, iOS 4+, JavaScript and PHP SDKs' calls, the
  /// line's headers named as not sent; a language not declared is refused with the list.
  @Test func codeWritesTheSDKsCalls() async {
    let run = await ScriptModeTests.run(
      "POST me/feed message=hi Accept-Language:fr_FR\ncode android\ncode ios\ncode js\n"
        + "code php --with-token\ncode cobol\n")
    #expect(run.output.contains("new GraphRequest(\n    AccessToken.getCurrentAccessToken(),"))
    #expect(run.output.contains("HttpMethod.POST,") && run.output.contains("executeAsync();"))
    #expect(
      run.output.contains("// GraphRequest cannot send headers; not sent: Accept-Language: fr_FR"))
    #expect(run.output.contains("[[FBSDKGraphRequest alloc]"))
    #expect(run.output.contains("startWithCompletionHandler:"))
    #expect(run.output.contains("FB.api(\n  \"/me/feed\",\n  \"POST\",\n  {\"message\": \"hi\"},"))
    #expect(run.output.contains(#"$response = $fb->post("/me/feed", ["#))
    #expect(run.output.contains(#""CAAEmuAlice");"#), "--with-token gives the PHP SDK the token")
    #expect(run.output.contains("catch (Facebook\\Exceptions\\FacebookResponseException $e)"))
    #expect(
      run.errors.contains(
        "expected curl, objc, ios, android, js, php, swift, python, #n or --with-token, found 'cobol'"
      ))
  }
}
