import ExplorerCLI
import Foundation
import GraphTestSupport
import Testing

/// `doctor --html`'s page opened in headless Chromium (Debian's chromium; Scripts/test installs
/// it): it renders its timeline and findings, and holds nothing from elsewhere.
@Suite struct DoctorBrowserTests {
  static let chromium = "/usr/bin/chromium"

  @Test func theReportRendersInHeadlessChromium() async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.chromium),
      "\(Self.chromium) is missing: Scripts/test installs chromium")
    let scratch = ScratchDirectory("doctor-browser")
    defer { scratch.remove() }
    let page = scratch.file("report.html")
    let recordings = ["expired-token.json", "og-action-needs-publish-actions.json"].map {
      DoctorCommandTests.root.appendingPathComponent("Recordings/\($0)").path
    }
    let console = CapturingConsole()
    let status = await GraphExplorer.main(
      arguments: ["doctor", "--html", page] + recordings, console: console)
    #expect(status == .success)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(DoctorHTMLCheck.externalReferences(html).isEmpty)

    let flags = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
      "--user-data-dir=\(scratch.file("profile"))",
    ]
    let dom = try await runProgram(Self.chromium, flags + ["--dump-dom", "file://\(page)"])
    #expect(dom.status == 0, "\(dom.error)")
    // The browser parsed the page into the elements the report is made of.
    #expect(dom.output.contains("<svg"))
    #expect(dom.output.contains("<rect"))
    #expect(dom.output.contains("190/463 Access token expired"))
    #expect(dom.output.contains("FBErrorCategoryPermissions"))

    let shot = scratch.file("report.png")
    let screenshot = try await runProgram(
      Self.chromium, flags + ["--screenshot=\(shot)", "--window-size=1000,900", "file://\(page)"])
    #expect(screenshot.status == 0, "\(screenshot.error)")
    let bytes = try #require(FileManager.default.contents(atPath: shot))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG screenshot")
  }
}
