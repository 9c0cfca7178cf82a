import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import GraphServer
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// The REPL end to end through `GraphExplorer.main`, as a script on standard input: lines in;
/// standard output, standard error and the exit status out.
@Suite struct ScriptModeTests {
  struct Run {
    var status: ExplorerCLI.ExitStatus
    var output: String
    var errors: String
  }

  static func run(
    _ input: String, _ arguments: [String] = [], environment: [String: String] = [:]
  ) async -> Run {
    let console = CapturingConsole(input: input, environment: environment)
    let status = await GraphExplorer.main(arguments: arguments, console: console)
    return Run(status: status, output: console.output, errors: console.errors)
  }

  @Test func printsBothAnswersTheSecondWithPagingNext() async throws {
    let run = await Self.run("GET me?fields=id,name\nGET me/friends?limit=2\n", ["--no-color"])
    #expect(run.status == .success)
    #expect(run.errors == "")
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("HTTP 200 · ") == true)
    #expect(lines.first?.hasSuffix(" ms · #1") == true)
    let second = try #require(run.output.range(of: "HTTP 200 · " + "", options: .backwards))
    let secondBody = run.output[second.upperBound...].drop { $0 != "\n" }
    let json = try JSONParser.parse(String(secondBody))
    #expect(json["data"]?.arrayValue?.count == 2)
    #expect(json["paging"]?["next"]?.stringValue?.hasPrefix("https://graph.facebook.com/") == true)
    #expect(run.output.contains("\"name\": \"Alice Whitfield\""))
    #expect(!run.output.contains("\u{1B}["))
  }

  @Test func rawPrintsTheExact2500ErrorBody() async throws {
    let run = await Self.run("token clear\nGET me\n", ["--raw"])
    let expected = GraphEmulator().answer(HTTPRequest(url: "https://graph.facebook.com/me"))
    #expect(expected.status == 400)
    #expect(run.output == expected.bodyText + "\n")
    let json = try JSONParser.parse(run.output)
    #expect(json["error"]?["code"] == 2500)
    #expect(
      json["error"]?["message"]?.stringValue
        == "An active access token must be used to query information about the current user.")
    #expect(run.status == .success)
  }

  @Test func rawPrintsOneCompactLinePerAnswer() async {
    let run = await Self.run("GET me\nversion v2.2\nGET me/friends?limit=3\n", ["--raw"])
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.hasPrefix("{") && !$0.contains("\n") })
  }

  @Test func aBadLineIsReportedWithItsNumberAndTheScriptGoesOnButFails() async {
    let run = await Self.run(
      "GET me?fields=id\nfrobnicate\nGET me message=\"oops\nGET me?fields=id\n")
    #expect(run.status == .failure)
    #expect(run.output.components(separatedBy: "HTTP 200").count == 3)
    #expect(run.errors.contains("line 2: error: unknown command 'frobnicate'"))
    #expect(run.errors.contains("line 3: error: column 16: unterminated double quote"))
    #expect(run.errors.contains("  GET me message=\"oops\n                 ^\n"))
  }

  @Test func variablesTakeValuesFromEarlierAnswers() async throws {
    let run = await Self.run(
      "GET me/friends?limit=2\nGET $last.data[1].id fields=name\nGET $#1.data[0].id?fields=id\n",
      ["--raw"])
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    let friends = try JSONParser.parse(lines[0])
    #expect(try JSONParser.parse(lines[1])["name"] == friends["data"]?[1]?["name"])
    #expect(try JSONParser.parse(lines[2])["id"] == friends["data"]?[0]?["id"])
    let missing = await Self.run("GET me\nGET $last.nothing\n", ["--raw"])
    #expect(missing.errors.contains("$last.nothing does not name a value in that answer"))
    #expect(missing.status == .failure)
  }

  @Test func pagingFollowsNextAndPreviousAndAllMergesData() async throws {
    let run = await Self.run(
      "GET me/friends?limit=5&fields=id\nnext\nprev\nall --max 12\n", ["--raw"])
    #expect(run.errors == "")
    let lines = try run.output.split(separator: "\n").map { try JSONParser.parse(String($0)) }
    #expect(lines.count == 4)
    #expect(lines[1]["data"]?[0] != lines[0]["data"]?[0])
    #expect(lines[2]["data"] == lines[0]["data"])
    #expect(lines[3]["data"]?.arrayValue?.count == 12)
    let everything = await Self.run(
      "GET me/friends?limit=25&fields=id\nall\nexpect $.data.length >= 60\nshow\n", ["--raw"])
    #expect(everything.status == .success, "\(everything.errors)")
    let output = everything.output.split(separator: "\n")
    let all = try JSONParser.parse(String(output[1]))
    #expect((all["data"]?.arrayValue?.count ?? 0) >= 60)
    // The merged result is an exchange of its own: `show` prints it again.
    #expect(output.last.map(String.init) == String(output[1]))
    let last = await Self.run("GET me/friends?limit=500\nnext\n", ["--raw"])
    #expect(last.errors.contains("#1 has no paging.next: it is the last page"))
  }

  @Test func expectationsMakeAScriptATest() async {
    let passing = await Self.run(
      "token clear\nGET me\nexpect status == 400\nexpect error.code == 2500\n", ["--no-color"])
    #expect(passing.status == .success)
    #expect(passing.output.contains("ok: error.code == 2500"))
    let failing = await Self.run("GET me/friends\nexpect $.data.length >= 1000\n")
    #expect(failing.status == .failure)
    #expect(
      failing.errors.contains(
        "line 2: error: expectation failed on #1: $.data.length >= 1000 (actual: 25)"))
  }

  @Test func historyShowHeadersRawAndRerun() async {
    let run = await Self.run(
      "GET me?fields=id\ntoken clear\n!1\nhistory\nshow #1\nheaders #2\nraw\n", ["--no-color"])
    #expect(run.status == .success)
    #expect(run.output.contains("HTTP 400 · "))
    #expect(run.output.contains("#1  200  GET /me?fields=id  "))
    #expect(run.output.contains("#2  400  GET /me?fields=id  "))
    #expect(run.output.contains("GET https://graph.facebook.com/me?fields=id\n"))
    #expect(run.output.contains("\"code\":2500"))
    #expect(!run.output.contains("CAAEmuAlice"))
  }

  @Test func redirectsToAFileAndPipesToAShellCommand() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("answer-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = await Self.run(
      "GET me?fields=id,name > \(path)\nGET me/friends?limit=3 | grep -c '\"id\"'\n")
    #expect(run.status == .success)
    let saved = try JSONParser.parse(String(contentsOfFile: path, encoding: .utf8))
    #expect(saved["name"] == "Alice Whitfield")
    #expect(run.output.contains("HTTP 200"))
    #expect(run.output.hasSuffix("3\n"))
    #expect(!run.output.contains("Alice"))
  }

  @Test func saveNeverOverwrites() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("save-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = await Self.run("GET me\nsave \(path)\nsave #1 \(path)\n")
    #expect(run.status == .failure)
    #expect(run.errors.contains("already exists"))
    #expect(try JSONParser.parse(String(contentsOfFile: path, encoding: .utf8))["id"] != nil)
  }

  @Test func verboseLogsRequestsWithTheTokenRemoved() async {
    let run = await Self.run("set verbose on\nPOST me/feed message=hi\n")
    #expect(run.errors.contains("FBSDKLog: Request <#1>:"))
    #expect(run.errors.contains("  Body:\tmessage=hi&access_token=ACCESS_TOKEN_REMOVED"))
    #expect(!run.errors.contains("CAAEmuAlice"))
  }

  @Test func setWithoutAValueShowsTheSettings() async {
    let run = await Self.run(
      "set verbose on\nset max-answer-bytes 512K\nset\nset colour\nset pager maybe\nset wibble on\n"
    )
    // The notes of the two changes, then the listing and the one setting.
    #expect(
      run.output.hasSuffix(
        "are refused)\nverbose on\npager on\ncolor on\nmax-answer-bytes 512K\ncheck-status off\ncolor on\n"
      ))
    #expect(run.errors.contains("line 5: error: set pager: 'maybe' is not on or off"))
    #expect(
      run.errors.contains(
        "line 6: error: set: no setting 'wibble' (verbose, pager, color, max-answer-bytes, check-status)"
      ))
  }

  @Test func optionsHelpVersionAndCommands() async {
    let help = await Self.run("", ["--help"])
    #expect(help.status == .success && help.output.contains("usage: graph-explorer"))
    let version = await Self.run("", ["--version"])
    #expect(version.output == "graph-explorer \(GraphExplorer.version)\n")
    let bad = await Self.run("", ["--frobnicate"])
    #expect(bad.status == .usage)
    #expect(
      bad.errors == "graph-explorer: unknown option '--frobnicate' (see graph-explorer --help)\n")
    let commands = await Self.run("GET me\n", ["--raw", "-c", "GET me?fields=id", "-c", "version"])
    #expect(commands.output.hasPrefix("{\"id\":"))
    #expect(commands.output.contains("version none"))
  }

  @Test func tokenComesFromTheEnvironment() async {
    let run = await Self.run("GET me\n", ["--raw"], environment: ["FB_ACCESS_TOKEN": "bogus"])
    #expect(run.output.contains("\"code\":190"))
  }

  @Test func helpAndTokenAndVersionInAScript() async {
    let run = await Self.run("help\nhelp token\ntoken\nversion v2.0\nversion\nquit\nGET me\n")
    #expect(run.output.contains("Commands (help <command> for its options and examples):"))
    #expect(
      run.output.contains(
        "token [<value> | clear | --show | exchange | page [<name> | <id>]]\n  Shows (masked"))
    #expect(run.output.contains("token CAAEmuAlice\n"))
    #expect(run.output.contains("version v2.0\n"))
    #expect(!run.output.contains("HTTP"))
  }
}
