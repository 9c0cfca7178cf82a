import ExplorerCLI
import Foundation
import GraphTestSupport
import Testing

/// `graph-explorer audit FILE... [--fix]` on a cassette that hides secrets in every place.
@Suite struct AuditCommandTests {
  func run(_ arguments: [String]) async -> (ExplorerCLI.ExitStatus, CapturingConsole) {
    let console = CapturingConsole()
    let status = await GraphExplorer.main(arguments: arguments, console: console)
    return (status, console)
  }

  @Test func auditFindsEverySecretThenFixLeavesNone() async throws {
    let root = ScratchDirectory("audit")
    defer { root.remove() }
    let (bytes, hidden) = SecretHidingCassette.make()
    let file = root.file("hidden.json")
    try Data(bytes).write(to: URL(fileURLWithPath: file))

    let (status, console) = await run(["audit", file])
    #expect(status == .failure)
    let lines = console.output.split(separator: "\n").map(String.init)
    for secret in hidden {
      #expect(
        lines.contains {
          $0.hasPrefix("\(file): interaction \(secret.interaction), \(secret.place): ")
        }, "\(secret.how) not listed")
      #expect(!console.output.contains(secret.value))
    }

    let (fixStatus, fixConsole) = await run(["audit", "--fix", file])
    #expect(fixStatus == .success)
    #expect(fixConsole.output.contains("replaced"))
    let text = try String(contentsOfFile: file, encoding: .utf8)
    for secret in hidden {
      for form in SecretHidingCassette.forms(of: secret.value) { #expect(!text.contains(form)) }
    }
    let (again, againConsole) = await run(["audit", file])
    #expect(again == .success)
    #expect(againConsole.output.contains("no secrets in 1 file(s)"))
  }

  @Test func aCleanCassetteAndAnUnreadableOne() async throws {
    let root = ScratchDirectory("audit-clean")
    defer { root.remove() }
    let clean = root.file("clean.json")
    try
      #"{"interactions":[{"request":{"body":null,"headers":{},"method":"GET","uri":"https://graph.facebook.com/me?access_token=CAAEmuAlice"},"response":{"body":{"string":"{}"},"headers":{},"status":{"code":200,"message":"OK"}}}],"version":1}"#
      .write(toFile: clean, atomically: true, encoding: .utf8)
    #expect(await run(["audit", clean]).0 == .success)
    let (status, console) = await run(["audit", root.file("missing.json")])
    #expect(status == .usage)
    #expect(console.errors.contains("no such file"))
  }

  /// A HAR entry with status 0 (a request the browser blocked) is left out of an import, but
  /// its token is in the file: audit lists it by entry, import's note masks it, --fix drops it.
  @Test func secretsInUnansweredHAREntriesAreFoundAndNeverShown() async throws {
    let root = ScratchDirectory("audit-har0")
    defer { root.remove() }
    let token = "CAAZ" + String(repeating: "q7", count: 40)
    func entry(_ url: String, status: Int) -> String {
      #"{"startedDateTime":"2026-01-01T00:00:00Z","time":1,"request":{"method":"GET","url":"\#(url)","httpVersion":"HTTP/1.1","headers":[],"queryString":[],"cookies":[],"headersSize":-1,"bodySize":0},"response":{"status":\#(status),"statusText":"","httpVersion":"HTTP/1.1","headers":[],"cookies":[],"content":{"size":2,"mimeType":"application/json","text":"{}"},"redirectURL":"","headersSize":-1,"bodySize":2},"cache":{},"timings":{"send":0,"wait":0,"receive":0}}"#
    }
    let har =
      #"{"log":{"version":"1.2","creator":{"name":"Chrome","version":"1"},"entries":["#
      + entry("https://graph.facebook.com/v2.2/me?fields=id", status: 200) + ","
      + entry("https://graph.facebook.com/v2.2/me/feed?access_token=\(token)", status: 0)
      + "]}}"
    let file = root.file("blocked.har")
    try har.write(toFile: file, atomically: true, encoding: .utf8)

    let (status, console) = await run(["audit", file])
    #expect(status == .failure)
    #expect(
      console.output.contains(
        "\(file): entry 2 (status 0, left out by import), request.url: ACCESS_TOKEN "))
    #expect(!console.output.contains(token))

    let imported = await run(["import", file, "-o", root.file("c.json")])
    #expect(imported.0 == .success)
    #expect(imported.1.errors.contains("has status 0"))
    #expect(!imported.1.errors.contains(token), "the note names the URL without its token")

    let (fixStatus, fixConsole) = await run(["audit", "--fix", file])
    #expect(fixStatus == .success)
    #expect(fixConsole.output.contains("dropped 1 unanswered entr(y/ies)"))
    #expect(!(try String(contentsOfFile: file, encoding: .utf8)).contains(token))
    #expect(await run(["audit", file]).0 == .success)
  }
}
