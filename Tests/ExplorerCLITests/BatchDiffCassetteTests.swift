import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import GraphServer
import GraphTestSupport
import Testing

@testable import ExplorerCLI

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
      #"[{"method":"GET","relative_url":"me?fields=name"},{"method":"GET","relative_url":"123456789/bar"}]"#
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
    // The emulator's published test token is kept (see RecordReplayTests for other tokens).
    let cassette = try String(contentsOfFile: path, encoding: .utf8)
    #expect(cassette.contains("access_token=CAAEmuAlice"))
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
