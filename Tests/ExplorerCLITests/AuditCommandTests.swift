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
}
