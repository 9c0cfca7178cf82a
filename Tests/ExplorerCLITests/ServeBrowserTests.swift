import Foundation
import GraphTestSupport
import Testing

/// The served OAuth dialog driven in headless Chromium (Debian's chromium and chromium-driver,
/// selenium from PyPI; Scripts/test installs them), as a person uses it.
@Suite struct ServeBrowserTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Interop/oauth_dialog_browser.py").path

  @Test
  func oauthDialogWorksInHeadlessChromium() async throws {
    for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
      try #require(
        FileManager.default.isExecutableFile(atPath: tool),
        "\(tool) is missing: Scripts/test installs chromium and chromium-driver")
    }
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let server = try await ServeProcess.launch([])
    let shot = scratch.file("oauth-dialog.png")
    let run = try await runProgram("/usr/bin/env", ["python3", Self.script, server.url, shot])
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    #expect(run.output.contains("ok   the code exchanges for Bob's token"))
    // Issue 43: an unticked permission is declined.
    #expect(run.output.contains("ok   the unticked permission is denied"))
    #expect(run.output.contains("ok   me/permissions lists user_friends declined"))
    #expect(run.output.contains("ok   Cancel lands on redirect_uri with error=access_denied"))
    // Issue 31: the backslash redirect and a cross-origin auto-submitting form, both refused.
    #expect(run.output.contains("ok   the backslash redirect_uri is blocked"))
    #expect(
      run.output.contains("ok   the cross-origin auto-submitted form gets no redirect and no code"))
    #expect(run.output.contains("ok   the dialog answers its security check page"))
    let bytes = try #require(FileManager.default.contents(atPath: shot))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG screenshot")
    #expect(await server.terminate() == 0)
  }
}
