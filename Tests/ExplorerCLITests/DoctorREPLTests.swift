import ExplorerCLI
import Foundation
import GraphTestSupport
import Testing

/// The REPL's `doctor`: the session so far, numbered as the history is, tokens by name or
/// placeholder, never in the clear; `--html` written as every file is.
@Suite struct DoctorREPLTests {
  static func run(_ input: String) async -> (ExplorerCLI.ExitStatus, CapturingConsole) {
    let console = CapturingConsole(input: input)
    let status = await GraphExplorer.main(arguments: ["--no-color"], console: console)
    return (status, console)
  }

  @Test func diagnosesTheSessionSoFar() async throws {
    let scratch = ScratchDirectory("doctor-repl")
    defer { scratch.remove() }
    let page = scratch.file("session.html")
    let (status, console) = await Self.run(
      """
      GET me
      GET me/feed access_token=CAAEmuAliceExpired
      GET me/photos access_token=CAAEmuAliceExpired
      doctor --html \(page)

      """)
    #expect(status == .success, "\(console.errors)")
    let output = console.output
    #expect(output.contains("doctor: session (3 exchange(s)): 3 interaction(s)"))
    #expect(output.contains("190/463 Access token expired ×2 (#2, #3)"))
    #expect(output.contains("FBErrorCategoryAuthenticationReopenSession"))
    #expect(output.contains("kept going with a dead token ×1"))
    #expect(output.contains("CAAEmuAliceExpired used 1 more time(s) after it stopped working"))
    #expect(output.contains("#n: `show #n`, `explain #n`"))
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("id=\"i2\""))
    #expect(DoctorHTMLCheck.externalReferences(html).isEmpty)
  }

  @Test func withoutHistoryItSaysSo() async {
    let (_, console) = await Self.run("doctor\n")
    #expect(console.errors.contains("no exchange yet"))
  }

  @Test func aWrongArgumentIsAUsageError() async {
    let (_, console) = await Self.run("doctor --json\n")
    #expect(console.errors.contains("doctor [--html FILE [--force]]"))
  }

  /// An existing file is replaced only with `--force` (issue 44).
  @Test func anExistingFileIsReplacedOnlyWithForce() async throws {
    let scratch = ScratchDirectory("doctor-repl-force")
    defer { scratch.remove() }
    let page = scratch.file("kept.html")
    try "mine".write(toFile: page, atomically: true, encoding: .utf8)
    let (_, console) = await Self.run("GET me\ndoctor --html \(page)\n")
    #expect(console.errors.contains("\(page): already exists (add --force to replace it)"))
    #expect(try String(contentsOfFile: page, encoding: .utf8) == "mine")
    let (status, forced) = await Self.run("GET me\ndoctor --force --html \(page)\n")
    #expect(status == .success, "\(forced.errors)")
    #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
  }
}
