import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 45: `--check-status` (HTTPie's): a script stops at the first answer with HTTP 3xx, 4xx
/// or 5xx and exits 3, 4 or 5; without it an error answer is no failure by itself.
@Suite(.timeLimit(.minutes(2))) struct CheckStatusTests {
  @Test func aScriptStopsAtTheFirstErrorAnswer() async {
    let script = "GET me fields=id\nGET 123456789\nGET me fields=name\n"
    let checked = await ScriptModeTests.run(script, ["--no-color", "--check-status"])
    #expect(checked.status == .clientError)
    #expect(checked.status.rawValue == 4)
    #expect(checked.output.contains("#2"), "the error answer is printed")
    #expect(!checked.output.contains("#3"), "the script stops there: \(checked.output)")
    #expect(
      checked.errors.contains(
        "line 2: error: #2 was answered HTTP 400: --check-status ends the script with exit status 4"
      ), "\(checked.errors)")
    let unchecked = await ScriptModeTests.run(script, ["--no-color"])
    #expect(unchecked.status == .success)
    #expect(unchecked.output.contains("#3"))
  }

  @Test func aRedirectIs3AndAServerErrorIs5() async throws {
    let redirect = await ScriptModeTests.run("GET me/picture\n", ["--check-status"])
    #expect(redirect.status == .redirect, "\(redirect.errors)")
    // `redirect=false` answers the picture's JSON instead: no redirect, no stop.
    let json = await ScriptModeTests.run(
      "GET me/picture redirect=false\n", ["--check-status", "--raw"])
    #expect(json.status == .success, "\(json.errors)")
    let stub = try LoopbackHTTPStub(status: 500, json: #"{"error":{"message":"boom","code":1}}"#)
    defer { stub.stop() }
    let server = await ScriptModeTests.run(
      "GET me\n", ["--check-status", "--target", "http://127.0.0.1:\(stub.port)"])
    #expect(server.status == .serverError, "\(server.errors)")
  }

  @Test func setCheckStatusInAScriptAndEveryPage() async {
    let run = await ScriptModeTests.run(
      "set check-status on\nset check-status\ntoken clear\nGET me\nGET me\n", ["--no-color"])
    #expect(run.output.contains("check-status on"))
    #expect(run.status == .clientError)
    #expect(run.errors.contains("line 4: error: #1 was answered HTTP 400"), "\(run.errors)")
  }

  /// The exit status a shell sees, for `run FILE`, `-c` and piped lines.
  @Test func theProcessExitsWithIt() async throws {
    let binary = try #require(ServeProcess.executable("graph-explorer")).path
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("checks.txt")
    try "GET me\ntoken clear\nGET me\nGET me\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    #expect(try await runProgram(binary, ["run", file, "--check-status"]).status == 4)
    #expect(try await runProgram(binary, ["run", file]).status == 0)
    #expect(try await runProgram(binary, ["-c", "GET me/picture", "--check-status"]).status == 3)
    let piped = try await runProgram(
      "/bin/sh", ["-c", "printf 'GET 123456789\\n' | \(binary) --check-status > /dev/null"])
    #expect(piped.status == 4)
    let help = try await runProgram(binary, ["run", "--help"])
    #expect(help.output.contains("exits 3, 4 or 5"), "\(help.output)")
  }

  @Test func atThePromptTheSettingIsRefused() throws {
    let person = try TypedSession()
    let shown = try person.submit("set check-status on")
    #expect(shown.contains("set check-status: scripts only"), "\(shown)")
    #expect(try person.submit("GET 123456789").contains("HTTP 400"))
    _ = try person.leave()
  }
}
