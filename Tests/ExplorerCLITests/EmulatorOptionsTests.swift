import GraphJSON
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// `--world generated:...` and `--throttle N/min`, on the REPL and on `serve`.
@Suite struct EmulatorOptionsTests {
  @Test func aGeneratedWorldAnswersFromTheREPL() async throws {
    let run = await ScriptModeTests.run(
      "GET me/friends?limit=3\n", ["--raw", "--world", "generated:people=50,friends=4"])
    #expect(run.status == .success, "\(run.errors)")
    let answer = try JSONParser.parse(run.output.split(separator: "\n")[0].description)
    #expect(answer["data"]?.arrayValue?.count == 3)
  }

  @Test func aBrokenGeneratedSpecIsAClearError() async {
    let run = await ScriptModeTests.run("GET me\n", ["--world", "generated:people=x"])
    #expect(run.status == .usage)
    #expect(run.errors.contains("generated"))
  }

  @Test func throttlingAnswersARequestLimitErrorPastTheRate() async throws {
    let run = await ScriptModeTests.run(
      "GET me?fields=id\nGET me?fields=id\nGET me?fields=id\n", ["--raw", "--throttle", "2/min"])
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(try JSONParser.parse(lines[1])["id"] != nil)
    #expect(try JSONParser.parse(lines[2])["error"]?["code"] == 17)  // user token: (#17)
  }

  @Test func aBadThrottleIsAUsageError() async {
    let run = await ScriptModeTests.run("GET me\n", ["--throttle", "fast"])
    #expect(run.status == .usage)
    #expect(run.errors.contains("--throttle"))
  }

  @Test func serveTakesThrottleForTheEmulatorOnly() throws {
    #expect(try ServeOptions(parsing: ["--throttle", "10/min"]).throttle == 10)
    #expect(throws: ServeOptions.UsageError.self) {
      try ServeOptions(parsing: ["--throttle", "0/min"])
    }
  }
}
