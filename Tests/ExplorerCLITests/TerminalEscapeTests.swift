import ExplorerCLI
import Foundation
import GraphAPI
import GraphTestSupport
import Testing

/// A hostile file could retitle or clear the terminal and forge lines through error messages
/// (a cassette's method holding `ESC]0;title BEL ESC[2J`, a HAR URL with CR/LF): every value
/// shown in a message now has its control characters escaped.
@Suite final class TerminalEscapeTests {
  let scratch = ScratchDirectory("terminal-escape")

  deinit { scratch.remove() }

  func file(_ name: String, _ text: String) throws -> String {
    let path = scratch.file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func run(_ arguments: [String]) async -> (ExplorerCLI.ExitStatus, String, String) {
    let console = CapturingConsole()
    let status = await GraphExplorer.main(arguments: arguments, console: console)
    return (status, console.output, console.errors)
  }

  static func hasControls(_ text: String) -> Bool {
    text.dropLast().unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }
      || text.dropLast().contains("\r")
  }

  @Test func verifyEscapesAHostileMethod() async throws {
    let cassette = try file(
      "hostile.json",
      #"""
      {"graph_explorer_cassette": 1, "interactions": [{
        "request": {"method": "\u001b]0;title\u0007\u001b[2J", "url": "https://graph.facebook.com/me", "headers": {}},
        "response": {"status": 200, "headers": {}, "body": "{}"}}]}
      """#)
    let (status, _, errors) = await run(["verify", cassette])
    #expect(status == .usage)
    #expect(!errors.contains("\u{1B}") && !errors.contains("\u{07}"))
    #expect(errors.contains(#"'\u001b]0;title\u0007\u001b[2J' is not an HTTP method"#))
    #expect(errors.split(separator: "\n").count == 1)
  }

  @Test func importEscapesCRLFInAHARURL() async throws {
    let har = try file(
      "hostile.har",
      #"""
      {"log": {"version": "1.2", "creator": {"name": "x", "version": "1"}, "entries": [{
        "startedDateTime": "2026-01-01T00:00:00Z", "time": 1,
        "request": {"method": "GET", "url": "https://graph.facebook.com/me\r\ngraph-explorer: forged line", "httpVersion": "HTTP/1.1",
          "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
        "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [],
          "cookies": [], "content": {"size": 2, "mimeType": "application/json", "text": "{}"},
          "redirectURL": "", "headersSize": -1, "bodySize": 2},
        "cache": {}, "timings": {"send": 0, "wait": 0, "receive": 0}}]}}
      """#)
    let imported = scratch.file("imported.json")
    let (status, _, _) = await run(["import", har, "-o", imported])
    #expect(status == .success)
    let (_, report, errors) = await run(["verify", imported])
    #expect(!Self.hasControls(report) && !Self.hasControls(errors))
    #expect(report.contains(#"DRIFT #1 GET /me\r\ngraph-explorer: forged line"#))
    #expect(!report.contains("\ngraph-explorer: forged line"))
  }

  @Test func theHelperEscapesEveryControl() {
    #expect(
      TerminalText.escaped("a\u{1B}[2Jb\u{7F}c\u{85}d\u{202E}e\tf\\g")
        == #"a\u001b[2Jb\u007fc\u0085d\u202ee\tf\g"#)
    #expect(TerminalText.escaped("plain café ✓") == "plain café ✓")
  }
}
