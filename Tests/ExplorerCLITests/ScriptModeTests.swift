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
    #expect(lines[3].arrayValue?.count == 12)
    let everything = await Self.run("GET me/friends?limit=25&fields=id\nall\n", ["--raw"])
    let all = try JSONParser.parse(String(everything.output.split(separator: "\n")[1]))
    #expect((all.arrayValue?.count ?? 0) >= 60)
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
    #expect(run.output.contains("Commands (help <command> for its usage):"))
    #expect(run.output.contains("token [<value> | clear]\n  Shows (masked)"))
    #expect(run.output.contains("token CAAE…lice") || run.output.contains("token ***********"))
    #expect(run.output.contains("version v2.0\n"))
    #expect(!run.output.contains("HTTP"))
  }
}

/// The emulator's session commands and `explain`, end to end.
@Suite struct SessionCommandTests {
  @Test func explainShowsThe2500ErrorAsTheSDKSeesIt() async {
    let run = await ScriptModeTests.run("token clear\nGET me\nexplain\n", ["--no-color"])
    #expect(run.status == .success)
    #expect(run.output.contains("Graph error 2500 (OAuthException)"))
    #expect(run.output.contains("fberrorCategory: FBErrorCategoryFacebookOther"))
    #expect(run.output.contains("(com.facebook.sdk error 5.)"))
    #expect(run.output.contains("com.facebook.sdk:HTTPStatusCode: 400"))
  }

  @Test func explainShowsThePermissionsCategoryWithoutPublishActions() async {
    let run = await ScriptModeTests.run(
      "POST me/fb_sample_scrumps:eat meal=http://example.com/meal\nexplain\n", ["--no-color"])
    #expect(run.output.contains("(#200) Requires extended permission: publish_actions"))
    #expect(run.output.contains("fberrorCategory: FBErrorCategoryPermissions"))
    #expect(
      run.output.contains(
        "fberrorUserMessage: This app doesn’t have permission to do this. To change permissions, try logging into the app again."
      ))
  }

  @Test func explainASuccess() async {
    let run = await ScriptModeTests.run("GET me?fields=id\nexplain #1\n", ["--no-color"])
    #expect(run.output.contains("Success."))
    #expect(run.output.contains("the completion handler gets error = nil"))
  }

  @Test func loginGrantRevokeLogoutReset() async {
    let run = await ScriptModeTests.run(
      """
      login bob
      GET me?fields=name
      grant publish_actions
      POST me/feed message=hello
      expect status == 200
      revoke publish_actions
      POST me/feed message=again
      expect error.code == 200
      logout
      GET me
      expect error.code == 2500
      reset
      GET me?fields=name
      login nobody
      grant frobnicate
      """, ["--raw"])
    let lines = run.output.split(separator: "\n")
    #expect(lines.first?.hasPrefix(#"{"name":"Bob Okafor","#) == true)
    #expect(lines.last?.hasPrefix(#"{"name":"Alice Whitfield","#) == true)
    #expect(run.errors.contains("line 14: error:"))
    #expect(run.errors.contains("line 15: error:"))
    #expect(!run.errors.contains("line 5:") && !run.errors.contains("line 8:"))
    #expect(!run.errors.contains("line 11:"))
    #expect(run.status == .failure)
  }
}

/// `batch`, `diff`, `app`, `record` and `replay`, end to end.
@Suite struct BatchDiffCassetteTests {
  static func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
      .path
  }

  @Test func batchFromAFileShowsEachOperationDecoded() async throws {
    let path = Self.temporaryPath("batch.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let operations =
      #"[{"method":"GET","relative_url":"me?fields=name"},{"method":"GET","relative_url":"foo/bar"}]"#
    #expect(FileManager.default.createFile(atPath: path, contents: Data(operations.utf8)))
    let run = await ScriptModeTests.run("batch \(path)\n", ["--no-color"])
    #expect(run.errors == "")
    #expect(run.output.hasPrefix("HTTP 200 · "))
    #expect(run.output.contains("[0] HTTP 200\n{\n  \"name\": \"Alice Whitfield\""))
    #expect(run.output.contains("[1] HTTP 400\n{\n  \"error\": {"))
    let raw = await ScriptModeTests.run("batch \(path)\n", ["--raw"])
    let decoded = try JSONParser.parse(raw.output)
    #expect(decoded[0]?["code"] == 200)
    #expect(decoded[0]?["body"]?["name"] == "Alice Whitfield")
    #expect(decoded[1]?["body"]?["error"]?["code"] == 100)
  }

  @Test func inlineBatchRunsTheLinesTypedUntilEnd() async throws {
    let run = await ScriptModeTests.run(
      "batch\nGET me?fields=name\nGET me/friends limit=1\nend\nGET me?fields=id\n", ["--raw"])
    #expect(run.errors == "")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    let decoded = try JSONParser.parse(lines[0])
    #expect(decoded[0]?["body"]?["name"] == "Alice Whitfield")
    #expect(decoded[1]?["body"]?["data"]?.arrayValue?.count == 1)
    let unended = await ScriptModeTests.run("batch\nGET me\n")
    #expect(unended.status == .failure)
    #expect(unended.errors.contains("the batch was not ended with 'end'"))
  }

  @Test func diffComparesTwoAnswers() async {
    let run = await ScriptModeTests.run(
      "GET me?fields=id\nGET me?fields=id,name\ndiff\ndiff #1 #1\ndiff #1\n", ["--no-color"])
    #expect(run.output.contains("--- #1 GET /me?fields=id\n+++ #2 GET /me?fields=id,name\n"))
    #expect(run.output.contains("+ name: \"Alice Whitfield\"\n"))
    #expect(run.output.contains("+++ #1 GET /me?fields=id\nno differences\n"))
    #expect(run.status == .success)
  }

  @Test func appTurnsOnAppsecretProof() async {
    let run = await ScriptModeTests.run("app 123 s3cr3tvalue\nGET me?fields=id\nheaders\napp\n")
    #expect(run.output.contains("appsecret_proof=<redacted>"))
    #expect(run.output.contains("app 123 (appsecret_proof on)"))
    #expect(!run.output.contains("s3cr3tvalue"))
  }

  @Test func recordThenReplay() async throws {
    let path = Self.temporaryPath("cassette.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recording = await ScriptModeTests.run(
      "record \(path)\nGET me?fields=id,name\nrecord stop\n", ["--raw"])
    #expect(recording.errors == "")
    let cassette = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!cassette.contains("CAAEmuAlice"))
    let replaying = await ScriptModeTests.run(
      "replay \(path)\nGET me?fields=id,name\nGET me?fields=id\nreplay stop\nGET me?fields=id\n",
      ["--raw"])
    let lines = replaying.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first == recording.output.split(separator: "\n").first)
    #expect(replaying.errors.contains("line 3: error:"))
    let flags = await ScriptModeTests.run("GET me?fields=id,name\n", ["--raw", "--replay", path])
    #expect(flags.output == recording.output)
  }

  @Test func recordFlagWritesACassette() async throws {
    let path = Self.temporaryPath("flag.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = await ScriptModeTests.run("GET me?fields=id\n", ["--record", path, "--mode", "all"])
    #expect(run.status == .success)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("fields=id"))
    let bad = await ScriptModeTests.run("", ["--record", path, "--mode", "sometimes"])
    #expect(bad.status == .usage)
    #expect(bad.errors.contains("unknown record mode 'sometimes'"))
  }
}

/// `target` (over a loopback GraphServer serving the emulator) and `code`.
@Suite struct TargetAndCodeTests {
  @Test func targetSendsRequestsToAServedEmulator() async throws {
    let server = GraphServer(transport: GraphEmulator())
    let port = try server.start()
    defer { server.stop() }
    let url = "http://127.0.0.1:\(port)"
    let run = await ScriptModeTests.run(
      "target \(url)\nGET me?fields=name\nGET me/friends?limit=1\nnext\ntarget\ntarget emulator\n"
        + "GET me?fields=id\n",
      ["--no-color"])
    #expect(run.output.contains("target \(url)\n"))
    #expect(run.output.contains("\"name\": \"Alice Whitfield\""))
    #expect(run.output.contains("target \(url) (\(url))"))
    #expect(run.output.contains(" · #4\n"))
    #expect(run.errors == "")
    let flag = await ScriptModeTests.run("GET me?fields=name\n", ["--raw", "--target", url])
    #expect(flag.output.hasPrefix(#"{"name":"Alice Whitfield""#))
  }

  @Test func targetRefusesWhatIsNotAURL() async {
    let run = await ScriptModeTests.run("target ftp://x\n")
    #expect(run.errors.contains("expected emulator, live or an http(s) URL, found 'ftp://x'"))
  }

  @Test func codeWritesTheRequestWithAPlaceholderToken() async {
    let run = await ScriptModeTests.run(
      "GET me/friends?limit=2\ncode\ncode objc #1\ncode python --with-token\ncode swift\n")
    #expect(run.errors == "")
    #expect(run.output.contains("curl"))
    #expect(run.output.contains("<ACCESS_TOKEN>"))
    #expect(run.output.contains("startWithGraphPath:"))
    #expect(run.output.contains("CAAEmuAlice"))
    #expect(run.output.contains("URLSession"))
  }
}

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

/// Request-line features end to end: uploads, versions, pasted URLs, search, JSON values.
@Suite struct RequestFeatureTests {
  @Test func anAtParameterUploadsTheFileAsMultipart() async throws {
    let path = BatchDiffCassetteTests.temporaryPath("cat.jpg")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xD8, 0xFF, 0xE0])))
    let run = await ScriptModeTests.run(
      "login alice publish_actions user_photos\nPOST me/photos source@\(path) message=\"a cat\"\nheaders\n",
      ["--no-color"])
    #expect(run.errors == "")
    #expect(run.output.contains("\"post_id\""))
    #expect(run.output.contains("Content-Type: multipart/form-data; boundary="))
    let missing = await ScriptModeTests.run("POST me/photos source@/nonexistent.jpg\n")
    #expect(missing.errors.contains("/nonexistent.jpg: cannot read the file to upload"))
  }

  @Test func versionPrefixesPathsAndAPastedURLIsSentAsItIs() async throws {
    let first = await ScriptModeTests.run("version v2.0\nGET me/friends?limit=1\nheaders\n")
    #expect(first.output.contains("GET https://graph.facebook.com/v2.0/me/friends?limit=1"))
    let page = await ScriptModeTests.run("GET me/friends?limit=1\n", ["--raw"])
    let next = try #require(try JSONParser.parse(page.output)["paging"]?["next"]?.stringValue)
    let pasted = await ScriptModeTests.run("\(next)\nnext\nprev\n", ["--raw"])
    let lines = pasted.output.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(pasted.errors == "")
  }

  @Test func searchFindsPlaces() async throws {
    let run = await ScriptModeTests.run("search coffee limit=2\nheaders\n", ["--no-color"])
    #expect(run.output.contains("search?q=coffee&type=place&limit=2"))
    #expect(run.output.contains("\"name\": \"Philz Coffee\""))
  }

  @Test func jsonValuesAreSentCompact() async {
    let run = await ScriptModeTests.run(
      "set verbose on\nPOST me/feed message:='\"hi\"' tags:='[ \"1\", \"2\" ]'\nPOST me/feed x:='{'\n"
    )
    #expect(run.errors.contains("  Body:\tmessage=hi&tags=%5B%221%22%2C%222%22%5D&access_token="))
    #expect(run.errors.contains("x:= is not JSON"))
  }
}
