import Foundation
import GraphAPI
import GraphTestSupport
import Testing

@testable import ExplorerCLI
@testable import GraphCassette

/// Issue 42, item 6: `--match semantic` matches a request by what it means. A session recorded
/// in the REPL replays to the iOS SDK 3.x's own bytes (`/v2.2/...`, `format=json&sdk=ios`,
/// parameters in a multipart body), which miss by default.
@Suite struct SemanticMatchTests {
  /// Records `GET me?fields=id,name` and `POST me/feed message="hi there"` in the REPL.
  static func recordSession(in scratch: ScratchDirectory) async -> String {
    let file = scratch.file("session.json")
    let run = await ScriptModeTests.run(
      "token CAAEmuAlicePublish\nGET me?fields=id,name\nPOST me/feed message=\"hi there\"\n",
      ["--no-color", "--record", file])
    #expect(run.status == .success, "\(run.errors)")
    return file
  }

  /// The iOS SDK 3.24's bytes for the same two calls, and 3.1's for the read.
  static let sdkRequests: [HTTPRequest] = [
    IOSSDKWire(.v3_24).connection(
      [
        IOSSDKRequest(
          .graph("me"), parameters: [("fields", .string("id,name"))],
          accessToken: "CAAEmuAlicePublish")
      ], appID: "233936543368280"),
    IOSSDKWire(.v3_24).connection(
      [
        IOSSDKRequest(
          .graph("me/feed"), parameters: [("message", .string("hi there"))], method: .post,
          accessToken: "CAAEmuAlicePublish")
      ], appID: "233936543368280"),
  ]

  @Test func aREPLRecordingReplaysToTheIOSSDKsBytes() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = await Self.recordSession(in: scratch)
    let recorded = try Cassette.loadAnyFormat(path: file)
    #expect(Self.sdkRequests[1].url.contains("/v2.2/me/feed"), "\(Self.sdkRequests[1].url)")
    #expect(String(decoding: Self.sdkRequests[1].body, as: UTF8.self).contains("name=\"sdk\""))
    // By default every one of the SDK's requests misses.
    let strict = try CassettePlayer(file: file)
    for request in Self.sdkRequests {
      #expect(throws: CassetteError.self) { try strict.answer(request) }
    }
    let semantic = try CassettePlayer(
      file: file, matchers: try #require(.init(parsing: "semantic")))
    for (i, request) in Self.sdkRequests.enumerated() {
      let answer = try semantic.answer(request)
      #expect(answer.body == recorded.interactions[i].response.body)
    }
    // A request that means something else still misses, and the miss says how it matched.
    var other = Self.sdkRequests[0]
    other.url = other.url.replacingOccurrences(of: "fields=id%2Cname", with: "fields=id")
    other.url = other.url.replacingOccurrences(of: "fields=id,name", with: "fields=id")
    do {
      _ = try semantic.answer(other)
      Issue.record("matched a request for other fields: \(other.url)")
    } catch {
      let text = "\(error)"
      #expect(text.contains("--match semantic"), "\(text)")
      #expect(text.contains("format, sdk, sdk_version, migration_bundle"), "\(text)")
    }
  }

  @Test func serveReplayTakesMatchSemantic() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = await Self.recordSession(in: scratch)
    let server = try await ServeProcess.launch(["--replay", file, "--match", "semantic"])
    let answer = try await runProgram(
      "/usr/bin/env",
      [
        "curl", "-sS", "-F", "format=json", "-F", "sdk=ios", "-F", "message=hi there",
        "-F", "access_token=CAAEmuAlicePublish", server.url + "/v2.2/me/feed",
      ])
    #expect(answer.output.contains(#""id":"100001000000001_"#), "\(answer.output)")
    #expect(await server.terminate() == 0)
    let bad = await ScriptModeTests.run("", ["serve", "--match", "meaning", "--replay", file])
    #expect(bad.errors.contains("--match: expected semantic or a list of"), "\(bad.errors)")
    let alone = await ScriptModeTests.run("", ["serve", "--match", "semantic"])
    #expect(alone.errors.contains("--match applies to --replay only"), "\(alone.errors)")
    let repl = await ScriptModeTests.run(
      "GET v2.2/me?fields=id,name&format=json&sdk=ios\n",
      ["--no-color", "--replay", file, "--match", "semantic"])
    #expect(repl.output.contains("Alice"), "\(repl.output) \(repl.errors)")
  }
}
