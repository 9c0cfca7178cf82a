import Foundation
import GraphEmulator
import GraphJSON
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 42 on public recordings: an app's test users as a recording shows them. Koala's suite
/// lists its app's test users a page at a time (`GET /v2.8/{app-id}/accounts`, 25 a page, `next`
/// by cursor); tablework's makes one (`POST /{app-id}/accounts/test-users`) and reads it with
/// its token (`GET /me`: the name Graph drew for it). A world made `--from` either answers them
/// as recorded: the world file holds the app's test users (`app.test_users`, with their tokens
/// as the recording's placeholders) and the ones it makes next (`app.next_test_users`).
@Suite struct RecordedWorldTestUserTests {
  /// One recorded request of the Graph API: `body` for a POST's form.
  struct Step {
    var method = "get"
    var url: String
    var form = ""
    var status = 200
    var answer: String
    var date: String
  }

  /// A Ruby VCR 2.x cassette of `steps` (JSON answers at `version`).
  static func vcr(_ steps: [Step], version: String) -> String {
    var out = "---\nhttp_interactions:\n"
    for step in steps {
      out +=
        [
          "- request:", "    method: \(step.method)", "    uri: \(step.url)", "    body:",
          "      encoding: US-ASCII", "      string: '\(step.form)'", "    headers:",
          "      User-Agent:", "      - Faraday v0.9.1", "  response:", "    status:",
          "      code: \(step.status)", "      message: OK", "    headers:", "      Content-Type:",
          "      - application/json; charset=UTF-8", "      Facebook-Api-Version:",
          "      - \(version)", "    body:", "      encoding: UTF-8",
          "      string: '\(step.answer)'",
          "    http_version: ", "  recorded_at: \(step.date)",
        ].joined(separator: "\n") + "\n"
    }
    return out + "recorded_with: VCR 2.9.3\n"
  }

  static let app = "119900000000001"
  static let appToken = "119900000000001%7Co3wswWQ88LYjEC9ukRgjRIOMw"

  static func item(_ id: String, token: String?) -> String {
    let login =
      #""login_url":"https:\/\/developers.facebook.com\/checkpoint\/test-user-login\/\#(id)\/""#
    return token.map { #"{"id":"\#(id)",\#(login),"access_token":"\#($0)"}"# }
      ?? #"{"id":"\#(id)",\#(login)}"#
  }

  /// Koala's shape: two pages of an app's test users, one of them not installed (no token).
  static let listed: [Step] = [
    Step(
      url: "https://graph.facebook.com/v2.8/\(app)/accounts?access_token=\(appToken)&limit=2",
      answer:
        #"{"data":[\#(item("131686830683789", token: "EAABtDnNMkbIBAGjJ4s9beYAsY1TestUserOneZDZD")),\#(item("114995779022706", token: nil))],"paging":{"cursors":{"before":"MTMxNjg2ODMwNjgzNzg5","after":"MTE0OTk1Nzc5MDIyNzA2"},"next":"https:\/\/graph.facebook.com\/v2.8\/\#(app)\/accounts?access_token=\#(appToken)&limit=2&after=MTE0OTk1Nzc5MDIyNzA2"}}"#,
      date: "Sat, 18 Feb 2017 16:22:30 GMT"),
    Step(
      url:
        "https://graph.facebook.com/v2.8/\(app)/accounts?access_token=\(appToken)&after=MTE0OTk1Nzc5MDIyNzA2&limit=2",
      answer:
        #"{"data":[\#(item("125798281273437", token: "EAABtDnNMkbIBAHOwQxS8RqCdzTestUserTwoZDZD"))],"paging":{"cursors":{"before":"MTI1Nzk4MjgxMjczNDM3","after":"MTI1Nzk4MjgxMjczNDM3"},"previous":"https:\/\/graph.facebook.com\/v2.8\/\#(app)\/accounts?access_token=\#(appToken)&limit=2&before=MTI1Nzk4MjgxMjczNDM3"}}"#,
      date: "Sat, 18 Feb 2017 16:22:31 GMT"),
  ]

  /// tablework's shape: a test user made, then read with its own token.
  static let made: [Step] = [
    Step(
      method: "post", url: "https://graph.facebook.com/802100000000001/accounts/test-users",
      form: "access_token=802100000000001%7CZa3fFd4A5cDvg3VUZRp9t04ks&installed=true&permissions=",
      answer:
        #"{"id":"1379200000000001","access_token":"CAALZAjyFaDHoBAF1UdmqbgTestUserZDZD","login_url":"https:\/\/developers.facebook.com\/checkpoint\/test-user-login\/1379200000000001\/","email":"mygpjck_wisemanstein_1424684598\u0040tfbnw.net","password":"1748234067"}"#,
      date: "Mon, 23 Feb 2015 09:43:19 GMT"),
    Step(
      url: "https://graph.facebook.com/me?access_token=CAALZAjyFaDHoBAF1UdmqbgTestUserZDZD",
      answer:
        #"{"id":"1379200000000001","first_name":"John","gender":"male","last_name":"Wisemanstein","link":"https:\/\/www.facebook.com\/app_scoped_user_id\/1379200000000001\/","locale":"en_US","middle_name":"Amiaiihjgbdc","name":"John Amiaiihjgbdc Wisemanstein","timezone":0,"updated_time":"2015-02-23T09:43:20+0000","verified":false}"#,
      date: "Mon, 23 Feb 2015 09:43:20 GMT"),
  ]

  static func run(_ steps: [Step], version: String) async throws -> (
    made: ScriptModeTests.Run, verified: ScriptModeTests.Run, world: String
  ) {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let cassette = scratch.file("test-users.yml")
    try Data(vcr(steps, version: version).utf8).write(to: URL(fileURLWithPath: cassette))
    let (world, made, verified) = await RecordedWorldTests.worldAndVerify(cassette, in: scratch)
    return (made, verified, (try? String(contentsOfFile: world, encoding: .utf8)) ?? "")
  }

  @Test func theAppsTestUsersAreListedAPageAtATimeAsRecorded() async throws {
    let (made, verified, world) = try await Self.run(Self.listed, version: "v2.8")
    #expect(made.status == .success, "\(made.errors)")
    #expect(verified.output.contains("2 interaction(s), no drift"), "\(verified.output)")
    #expect(world.contains(#""test_users""#), "\(world.prefix(600))")
    // Test users, not Pages, and no secret but the recording's placeholders.
    let parsed = try JSONParser.parse(Array(world.utf8))
    let node = parsed["nodes"]?.arrayValue?.first { $0["id"]?.stringValue == "131686830683789" }
    #expect(node?["type"]?.stringValue == "user", "\(world.prefix(600))")
    #expect(!world.contains("EAABtDnNMkbIB"), "a recorded token reached the world file")
  }

  /// Koala's app_test_accounts (2017): the last page read names a next one, for test users no
  /// answer listed. The world learns that the listing goes on (`paging.continued`), so the page
  /// has its `next`.
  @Test func aLastPageThatNamedANextOneHasItAgain() async throws {
    var steps = Self.listed
    steps[1].answer = steps[1].answer.replacingOccurrences(
      of: #""previous":"#,
      with:
        #""next":"https:\/\/graph.facebook.com\/v2.8\/\#(Self.app)\/accounts?access_token=\#(Self.appToken)&limit=2&after=MTI1Nzk4MjgxMjczNDM3","previous":"#
    )
    let (made, verified, world) = try await Self.run(steps, version: "v2.8")
    #expect(made.status == .success, "\(made.errors)")
    #expect(verified.output.contains("2 interaction(s), no drift"), "\(verified.output)")
    let paging = try JSONParser.parse(Array(world.utf8))["paging"]
    #expect(paging?["continued"]?[Self.app] == ["accounts"], "\(world.suffix(600))")
    // The listing that ended without one learns nothing.
    let (_, _, whole) = try await Self.run(Self.listed, version: "v2.8")
    #expect(try JSONParser.parse(Array(whole.utf8))["paging"]?["continued"] == nil)
  }

  @Test func aTestUserTheRecordingMadeIsMadeAgainWithItsRecordedName() async throws {
    let (made, verified, world) = try await Self.run(Self.made, version: "v2.2")
    #expect(made.status == .success, "\(made.errors)")
    #expect(verified.output.contains("2 interaction(s), no drift"), "\(verified.output)")
    #expect(world.contains(#""next_test_users""#), "\(world.prefix(600))")
  }

  /// `world --from` keeps a name answered with a token error by the emulator's own rule of what
  /// is shaped as an id (`GraphRequest.isIDShaped`): `_12345` is a name (the emulator answers
  /// 803 for one it does not hold), so the world keeps it and answers the token error again.
  /// Before, `world --from` had a rule of its own that took `_12345` for an id.
  @Test func aNameAnsweredWithATokenErrorIsKeptByTheEmulatorsIDRule() async throws {
    let refused = Step(
      url: "https://graph.facebook.com/_12345", status: 400,
      answer:
        #"{"error":{"message":"An access token is required to request this resource.","type":"OAuthException","code":104}}"#,
      date: "Tue, 16 Dec 2014 17:41:43 GMT")
    let (made, verified, _) = try await Self.run([refused], version: "v1.0")
    #expect(made.status == .success, "\(made.errors)")
    #expect(verified.output.contains("1 interaction(s), no drift"), "\(verified.output)")
  }

  /// G5's client (2014): the app's own permissions read with its app token at v2.2 (the emulator
  /// answered 2500 before: no such edge of an app).
  @Test func theAppsPermissionsAreAnsweredAsRecorded() async throws {
    let read = Step(
      url:
        "https://graph.facebook.com/509200000000001/permissions?access_token=509200000000001%7CdIdahyYhDXA5Nc5GYTaPW09tZpY",
      answer:
        #"{"data":[{"permission":"public_profile","status":"live"},{"permission":"email","status":"live"},{"permission":"user_birthday","status":"live"}]}"#,
      date: "Tue, 16 Dec 2014 17:57:08 GMT")
    let (made, verified, world) = try await Self.run([read], version: "v2.2")
    #expect(made.status == .success, "\(made.errors)")
    #expect(verified.output.contains("1 interaction(s), no drift"), "\(verified.output)")
    #expect(world.contains(#""permission": "user_birthday""#), "\(world.prefix(600))")
  }

  @Test func aWorldsTestUsersRoundTripAndAreChecked() throws {
    var root = World.default.jsonValue.objectValue ?? JSONObject()
    var app = root["app"]?.objectValue ?? JSONObject()
    app["test_users"] = [["id": "100001000000001", "access_token": "CAAEmuAlice"]]
    app["next_test_users"] = [["id": "100000000000777", "email": "a@tfbnw.net", "password": "p"]]
    root["app"] = .object(app)
    let world = try World(json: JSONPrinter().bytes(.object(root)))
    #expect(world.app.testUsers == [AppTestUser(id: "100001000000001", accessToken: "CAAEmuAlice")])
    #expect(world.app.nextTestUsers.first?.email == "a@tfbnw.net")
    #expect(try World(json: JSONPrinter().bytes(world.jsonValue)).app == world.app)
    app["test_users"] = [["id": "100001000000002", "access_token": "CAAEmuAlice"]]
    root["app"] = .object(app)
    do {
      _ = try World(json: JSONPrinter().bytes(.object(root)))
      Issue.record("accepted another person's token")
    } catch {
      #expect(
        error.description
          == "world: $.app.test_users[0].access_token: not a user token of the world for 100001000000002"
      )
    }
  }
}
