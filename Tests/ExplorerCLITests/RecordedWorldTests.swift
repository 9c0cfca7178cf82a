import Foundation
import GraphAPI
import GraphTestSupport
import Testing

@testable import ExplorerCLI
@testable import GraphCassette

/// Issue 27, part 3: `world --from` makes an emulator world from a recording that answers the
/// recorded GETs as recorded (verify shows no drift) and works beyond them: a POST, a paged
/// read and a field selection never recorded, in the REPL and through `serve`.
@Suite struct RecordedWorldTests {
  /// Runs `world --from cassette` into `scratch` and verifies the cassette against the world.
  static func worldAndVerify(_ cassette: String, in scratch: ScratchDirectory) async
    -> (world: String, made: ScriptModeTests.Run, verified: ScriptModeTests.Run)
  {
    let world = scratch.file("world.json")
    let made = await ScriptModeTests.run("", ["world", "--from", cassette, "-o", world])
    let verified = await ScriptModeTests.run("", ["verify", "--world", world, cassette])
    return (world, made, verified)
  }

  @Test(arguments: ServeRecordingsTests.cassettes)
  func aWorldMadeFromEachRecordingAnswersItAsRecorded(_ name: String) async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = ServeRecordingsTests.recordings.appendingPathComponent(name).path
    let (_, made, verified) = await Self.worldAndVerify(file, in: scratch)
    #expect(made.status == .success, "\(made.errors)")
    #expect(verified.status == .success, "\(verified.output)")
    #expect(verified.output.contains("no drift"), "\(verified.output)")
  }

  @Test func aWorldFromAForeignRecordingAnswersItAndMore() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let cassette = scratch.file("dana.json")
    try Data(Self.foreign.utf8).write(to: URL(fileURLWithPath: cassette))
    let (world, made, verified) = await Self.worldAndVerify(cassette, in: scratch)
    #expect(made.status == .success, "\(made.errors)")
    #expect(made.output.contains("added 1 post, 4 user"), "\(made.output)")
    #expect(made.output.contains("default user 10153012345678901, token CAAEmuRecordedMe"))
    // Page 2 was asked with Graph's own cursor: verify follows the world's instead.
    #expect(verified.output.contains("5 interaction(s), no drift"), "\(verified.output)")
    let repl = await ScriptModeTests.run(
      """
      version v2.5
      POST me/feed message=hello
      GET me/friends?limit=1
      next
      GET 10206033333333333?fields=name
      GET me?fields=first_name,email

      """, ["--no-color", "--world", world])
    #expect(repl.status == .success, "\(repl.errors)")
    #expect(repl.output.contains(#""id": "10153012345678901_"#), "a POST never recorded")
    #expect(
      repl.output.contains(#""name": "Eli Park""#)
        && repl.output.contains(#""name": "Fatima Noor""#), "a paged read")
    #expect(repl.output.contains(#""name": "Gus Lind""#), "a field selection")
    #expect(repl.output.contains(#""email": "dana@example.com""#))
    // serve --world answers the recorded objects too.
    let server = try await ServeProcess.launch(["--world", world])
    let answer = try await runProgram(
      "/usr/bin/env",
      [
        "curl", "-sS",
        server.url + "/v2.5/10206022222222222?fields=name&access_token=CAAEmuRecordedMe",
      ])
    #expect(answer.output.contains("Fatima Noor"), "\(answer.output)")
    #expect(await server.terminate() == 0)
  }

  @Test func aSucceedingWriteMeansTheTokenCouldPublish() throws {
    func interaction(_ method: GraphMethod, _ url: String, _ body: String) -> Interaction {
      Interaction(
        request: HTTPRequest(method, url: url),
        response: HTTPResponse(status: 200, body: Array(body.utf8)), recordedAt: "")
    }
    var builder = RecordedWorld(base: .default)
    builder.learn(
      interaction(
        .get, "https://graph.facebook.com/me?access_token=<ACCESS_TOKEN_1>",
        #"{"id":"42","name":"Zed Quill","first_name":"Zed"}"#))
    #expect(
      try builder.world().tokens["CAAEmuRecordedMe"]?.scopes.contains("publish_actions") == false)
    builder.learn(
      interaction(.post, "https://graph.facebook.com/me/feed", #"{"id":"42_1"}"#))
    let world = try builder.world()
    #expect(world.defaultUserID == "42")
    #expect(world.tokens["CAAEmuRecordedMe"]?.scopes.contains("publish_actions") == true)
  }

  @Test func recordedCursorsAreSentAsTheTargets() {
    var follower = CursorFollower()
    follower.learn(
      recorded: [
        "paging": ["cursors": ["after": "QVFIUjZZ"], "next": "https://g/x?after=QVFIUjZZ&limit=2"]
      ],
      actual: [
        "paging": ["cursors": ["after": "MTA6MQ"], "next": "https://g/x?after=MTA6MQ&limit=2"]
      ])
    #expect(
      follower.following("https://g/x?limit=2&after=QVFIUjZZ") == "https://g/x?limit=2&after=MTA6MQ"
    )
    // A value that only looks the same under another name is left alone.
    #expect(follower.following("https://g/x?q=QVFIUjZZ") == "https://g/x?q=QVFIUjZZ")
  }

  /// A recording of the real Graph API (ids and cursors of its own, tokens redacted).
  static let foreign = #"""
    {"graph_explorer_cassette":1,"recorded_with":"vcrpy, imported","interactions":[
    {"request":{"method":"GET","url":"https://graph.facebook.com/v2.5/me?fields=id,name,first_name,last_name,email&access_token=<ACCESS_TOKEN_1>","headers":{}},"response":{"status":200,"headers":{"Content-Type":"application/json; charset=UTF-8"},"body":{"json":{"id":"10153012345678901","name":"Dana Reyes","first_name":"Dana","last_name":"Reyes","email":"dana@example.com"}}},"recorded_at":"2016-03-01T10:00:00Z"},
    {"request":{"method":"GET","url":"https://graph.facebook.com/v2.5/me/friends?limit=2&access_token=<ACCESS_TOKEN_1>","headers":{}},"response":{"status":200,"headers":{"Content-Type":"application/json; charset=UTF-8"},"body":{"json":{"data":[{"name":"Eli Park","id":"10206011111111111"},{"name":"Fatima Noor","id":"10206022222222222"}],"paging":{"cursors":{"before":"QVFIUmxx","after":"QVFIUjZZ"},"next":"https://graph.facebook.com/v2.5/10153012345678901/friends?access_token=<ACCESS_TOKEN_1>&limit=2&after=QVFIUjZZ"}}}},"recorded_at":"2016-03-01T10:00:01Z"},
    {"request":{"method":"GET","url":"https://graph.facebook.com/v2.5/10153012345678901/friends?access_token=<ACCESS_TOKEN_1>&limit=2&after=QVFIUjZZ","headers":{}},"response":{"status":200,"headers":{"Content-Type":"application/json; charset=UTF-8"},"body":{"json":{"data":[{"name":"Gus Lind","id":"10206033333333333"}],"paging":{"cursors":{"before":"QVFIUkFB","after":"QVFIUkFB"},"previous":"https://graph.facebook.com/v2.5/10153012345678901/friends?access_token=<ACCESS_TOKEN_1>&limit=2&before=QVFIUkFB"}}}},"recorded_at":"2016-03-01T10:00:02Z"},
    {"request":{"method":"GET","url":"https://graph.facebook.com/v2.5/me/permissions?access_token=<ACCESS_TOKEN_1>","headers":{}},"response":{"status":200,"headers":{"Content-Type":"application/json; charset=UTF-8"},"body":{"json":{"data":[{"permission":"public_profile","status":"granted"},{"permission":"email","status":"granted"},{"permission":"user_friends","status":"granted"},{"permission":"publish_actions","status":"granted"},{"permission":"user_posts","status":"granted"}]}}},"recorded_at":"2016-03-01T10:00:03Z"},
    {"request":{"method":"GET","url":"https://graph.facebook.com/v2.5/me/feed?limit=1&access_token=<ACCESS_TOKEN_1>","headers":{}},"response":{"status":200,"headers":{"Content-Type":"application/json; charset=UTF-8"},"body":{"json":{"data":[{"message":"Trying the new app","created_time":"2016-02-28T18:00:00+0000","id":"10153012345678901_10153099999999999"}],"paging":{"previous":"https://graph.facebook.com/v2.5/10153012345678901/feed?limit=1&since=1456682400&access_token=<ACCESS_TOKEN_1>&__paging_token=enc_AdAbCdEf&__previous=1"}}}},"recorded_at":"2016-03-01T10:00:04Z"}
    ]}
    """#
}
