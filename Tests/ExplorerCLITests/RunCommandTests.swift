import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import GraphServer
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// `graph-explorer run <file>`.
@Suite struct RunCommandTests {
  @Test func runsAFileAsATest() async throws {
    let path = BatchDiffCassetteTests.temporaryPath("script.txt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let script = "token clear\nGET me\nexpect error.code == 2500\nexpect status == 200\n"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(script.utf8)))
    let run = await ScriptModeTests.run("", ["run", path, "--raw"])
    #expect(run.status == .failure)
    #expect(run.output.contains("\"code\":2500"))
    #expect(run.errors == "line 4: error: expectation failed on #1: status == 200 (actual: 400)\n")
    let passing = await ScriptModeTests.run("", ["run", "-", "--no-color"])
    #expect(passing.status == .success)
    let missing = await ScriptModeTests.run("", ["run", "/nonexistent/script"])
    #expect(missing.status == .usage)
    #expect(missing.errors == "graph-explorer run: /nonexistent/script: cannot be read\n")
  }

  @Test func helpListsTheSubcommands() async {
    let run = await ScriptModeTests.run("", ["--help"])
    #expect(run.output.contains("\nsubcommands:\n"))
    #expect(run.output.contains("  run "))
  }
}
