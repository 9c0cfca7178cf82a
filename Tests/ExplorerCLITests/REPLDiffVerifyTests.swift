import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// The REPL's `diff` with `graph-explorer diff`'s options, and its `verify`.
@Suite struct REPLDiffVerifyTests {
  static let twoAnswers = "GET me/friends limit=2\nGET me/friends limit=3\n"

  @Test(arguments: [
    ("diff", Command.of(DiffREPLCommand(old: nil, new: nil, arguments: DiffArguments()))),
    (
      "diff #1 #2",
      .of(
        DiffREPLCommand(
          old: .number(1), new: .exchange(.number(2)),
          arguments: DiffArguments(operands: ["#1", "#2"])))
    ),
    (
      "diff #1 b.json",
      .of(
        DiffREPLCommand(
          old: .number(1), new: .file("b.json"),
          arguments: DiffArguments(operands: ["#1", "b.json"])))
    ),
    ("diff --help", .of(HelpCommand(topic: "diff"))),
    (
      "verify a.json --target live",
      .of(VerifyREPLCommand(arguments: ["a.json", "--target", "live"]))
    ),
  ])
  func parses(line: String, command: Command) throws {
    #expect(try CommandParser.parse(line).command == command)
  }

  @Test func parsesTheOptionsWithDiffArguments() throws {
    let parsed = try CommandParser.parse(
      "diff #1 #2 --key id,key --ignore paging --ignore-order --exact --context 2 --patch")
    guard case .registered(let registered) = parsed.command,
      let arguments = (registered.command as? DiffREPLCommand)?.arguments
    else {
      Issue.record("not a diff: \(parsed.command)")
      return
    }
    #expect(
      arguments
        == (try DiffArguments.parse([
          "#1", "#2", "--key", "id,key", "--ignore", "paging", "--ignore-order", "--exact",
          "--context", "2", "--patch",
        ])))
    #expect(arguments.options.keys == ["id", "key"] && arguments.output == .patch)
  }

  @Test(arguments: [
    ("diff #1 #2 #3", "usage of diff: diff [#a]"),
    ("diff --frobnicate", "unknown option --frobnicate"),
    ("diff --context x", "--context needs a number of lines"),
    ("diff foo", "expected an exchange such as #3, found 'foo'"),
    ("verify", "usage of verify: verify <cassette>"),
  ])
  func badLinesSayWhat(line: String, message: String) async {
    let run = await ScriptModeTests.run(line + "\n", ["--no-color"])
    #expect(run.status == .failure)
    #expect(run.errors.contains(message), "\(run.errors)")
  }

  @Test func ignoringPagingLeavesOnlyTheExtraFriend() async {
    let run = await ScriptModeTests.run(
      Self.twoAnswers + "diff --ignore paging\ndiff --ignore paging --ignore data\n", ["--no-color"]
    )
    #expect(run.errors == "")
    #expect(run.output.contains("+++ #2 GET /me/friends?limit=3\n+ data[2]: {"))
    #expect(!run.output.contains("paging.cursors"))
    #expect(run.output.hasSuffix("+++ #2 GET /me/friends?limit=3\nno differences\n"))
  }

  @Test func patchOutputTurnsTheOldAnswerIntoTheNew() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let patchFile = scratch.file("fix.json")
    let run = await ScriptModeTests.run(
      Self.twoAnswers + "diff --patch > \(patchFile)\nraw #1\nraw #2\ndiff #1 #2 --merge\n",
      ["--no-color"])
    #expect(run.errors == "")
    let patch = try JSONParser.parse(try String(contentsOfFile: patchFile, encoding: .utf8))
    let bodies = run.output.split(separator: "\n").filter { $0.hasPrefix("{\"data\"") }
    try #require(bodies.count == 2)
    let old = try JSONParser.parse(String(bodies[0]))
    let new = try JSONParser.parse(String(bodies[1]))
    #expect(try JSONPatch(parsing: patch).apply(to: old) == new)
    // A merge patch is bare JSON too: no header.
    #expect(!run.output.contains("--- #1") && run.output.contains("{\n  \"data\": ["))
  }

  @Test func comparesAnAnswerWithAFile() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("expected.json")
    try #"{"id": "4", "name": "Alicia Whitfield"}"#.write(
      toFile: file, atomically: true, encoding: .utf8)
    let run = await ScriptModeTests.run(
      "GET me?fields=id,name\ndiff #1 \(file)\ndiff #1 \(file) --ignore name\n", ["--no-color"])
    #expect(run.errors == "")
    #expect(run.output.contains("+++ \(file)\n"))
    #expect(run.output.contains("name: \"Alice Whitfield\" → \"Alicia Whitfield\""))
    let missing = await ScriptModeTests.run("GET me\ndiff #1 \(scratch.file("nope.json"))\n")
    #expect(missing.errors.contains("nope.json: no such file"))
  }

  @Test func numbersByValueUnlessExact() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("n.json")
    try #"{"n": 1.0}"#.write(toFile: file, atomically: true, encoding: .utf8)
    let other = scratch.file("m.json")
    try #"{"n": 1}"#.write(toFile: other, atomically: true, encoding: .utf8)
    // Answers from a cassette whose body is {"n":1}: compared with {"n":1.0}.
    let cassette = scratch.file("c.json")
    let interaction = Interaction(
      request: HTTPRequest(url: "https://graph.facebook.com/n"),
      response: .init(status: 200, body: Array(#"{"n":1}"#.utf8)),
      recordedAt: "2026-11-30T09:00:00Z")
    try Cassette(interactions: [interaction]).save(to: cassette)
    let run = await ScriptModeTests.run(
      "GET n\ndiff #1 \(file)\ndiff #1 \(file) --exact\n", ["--no-color", "--replay", cassette])
    #expect(run.errors == "")
    #expect(run.output.contains("no differences"))
    #expect(run.output.contains("n: 1 → 1.0"))
  }

  /// Records `lines` from the emulator into a cassette and returns its path.
  static func record(_ lines: String, in scratch: ScratchDirectory) async -> String {
    let file = scratch.file("recorded.json")
    let run = await ScriptModeTests.run(lines, ["--record", file])
    #expect(run.errors == "")
    return file
  }

  @Test func verifyReportsNoDriftAgainstAFreshEmulator() async {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = await Self.record("GET me?fields=id,name\nGET me/friends limit=2\n", in: scratch)
    let run = await ScriptModeTests.run("verify \(file)\n", ["--no-color"])
    #expect(run.status == .success, "\(run.errors)")
    #expect(run.output.hasPrefix("\(file) against the emulator:\n"))
    #expect(run.output.contains("ok    #1 GET /me?fields=id,name"))
    #expect(run.output.hasSuffix("2 interaction(s), no drift\n"))
  }

  @Test func verifyDriftFailsTheScriptAndIgnoreHidesIt() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = await Self.record("GET me?fields=id,name\n", in: scratch)
    var cassette = try Cassette.load(path: file)
    cassette.interactions[0].response.body = Array(
      #"{"id":"100001000000001","name":"Somebody Else"}"#.utf8)
    try cassette.save(to: file)
    let drift = await ScriptModeTests.run("verify \(file)\n", ["--no-color"])
    #expect(drift.status == .failure)
    #expect(drift.output.contains("DRIFT #1 GET /me?fields=id,name"))
    let ignored = await ScriptModeTests.run("verify \(file) --ignore name\n", ["--no-color"])
    #expect(ignored.status == .success, "\(ignored.output)")
    let redirected = await ScriptModeTests.run(
      "verify \(file) > \(scratch.file("report.txt"))\n", ["--no-color"])
    #expect(redirected.status == .failure)
    let report = try String(contentsOfFile: scratch.file("report.txt"), encoding: .utf8)
    #expect(report.contains("DRIFT #1"))
  }

  @Test func verifyAgainstAnotherCassetteAndBadTargets() async {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = await Self.record("GET me?fields=id\n", in: scratch)
    let same = await ScriptModeTests.run("verify \(file) --target \(file)\n")
    #expect(same.status == .success, "\(same.errors)")
    #expect(same.output.contains("against \(file):"))
    let missing = await ScriptModeTests.run("verify \(scratch.file("none.json"))\n")
    #expect(missing.status == .failure)
    #expect(missing.errors.contains("verify: "))
    #expect(missing.errors.contains("none.json"))
    let badIgnore = await ScriptModeTests.run("verify \(file) --ignore a[[\n")
    #expect(badIgnore.errors.contains("verify: --ignore:"))
  }
}
