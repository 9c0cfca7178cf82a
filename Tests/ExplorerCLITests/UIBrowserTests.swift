import Foundation
import GraphTestSupport
import Testing

/// `graph-explorer ui` driven in headless Chromium (Debian's chromium and chromium-driver,
/// selenium from PyPI; Scripts/test installs them), as a person uses it, in one browser session
/// (Tests/Interop/ui_browser.py says each step): issue 47.
@Suite struct UIBrowserTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Interop/ui_browser.py").path

  @Test func aPersonExploresPostsAndRecordsInHeadlessChromium() async throws {
    let tools = ["/usr/bin/chromium", "/usr/bin/chromedriver"]
    try #require(
      tools.allSatisfy(FileManager.default.isExecutableFile(atPath:)),
      "chromium or chromedriver is missing: Scripts/test installs them")
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let server = try await ServeProcess.launch(["--deterministic-secrets"], subcommand: "ui")
    #expect(server.firstOutputLine.hasPrefix("graph-explorer: the Graph API Explorer (emulator)"))
    let run = try await runProgram(
      "/usr/bin/env", ["python3", Self.script, server.url, scratch.path])
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    for step in [
      "ok   an API call without the page's key is refused",
      "ok   a call to a name other than loopback (DNS rebinding) is refused",
      "ok   ticking edits fields=: 'me?fields=id,name,birthday,email,friends.limit(10){name}'",
      "ok   numbers are shown exactly as sent",
      "ok   the SDK sees FBErrorCategoryPermissions",
      "ok   Get Code has a tab per language",
      "ok   the android tab writes new GraphRequest(",
      "ok   the php tab writes $fb->post(",
      "ok   a file is uploaded",
      "ok   the PHP SDK's code uploads it",
      "ok   at a phone's width nothing is wider than the screen",
      "ok   next opens in the query bar without the token",
      "ok   debug_token says it is valid",
      "ok   it ran no script",
      "ok   it made no element",
      "ok   one click gives a Page token",
      "ok   the replayed session answers as recorded",
      "ok   doctor finds the (#200)",
    ] {
      #expect(run.output.contains(step), "\(step)")
    }
    #expect(run.output.contains("none left loopback []"))
    for shot in [
      "ui-fields.png", "ui-explain.png", "ui-code.png", "ui-token.png", "ui-session.png",
      "ui-phone.png",
    ] {
      let bytes = try #require(FileManager.default.contents(atPath: scratch.file(shot)))
      #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(shot) is a PNG")
    }
    #expect(await server.terminate() == 0)
    #expect(server.log.hasSuffix("graph-explorer: stopped (SIGTERM)\n"))
  }
}
