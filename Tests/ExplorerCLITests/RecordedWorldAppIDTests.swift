import Foundation
import GraphJSON
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 42: a client's tests sent the app's id as a `client_secret` (a public recording of
/// 2014), so the import redacted the id as a secret everywhere and the app's own exchange was
/// answered 101. An app id is public: it stays readable, the world's app is the one the exchange
/// names, its token is minted and the Page read by name (`/ShopName/posts`, an alias of the id its
/// answer shows) is answered as recorded. The real secret never reaches the world or the output.
@Suite struct RecordedWorldAppIDTests {
  static let appID = "121500000000833"
  static let secret = "b0d3000000000000000000000000ed4f"
  static let tokenTail = "EzolJusCGWQEJt_mnLvlo7Jiz_Q"

  /// One GET of a Ruby VCR 2.x cassette, answered at `version` (no header when nil) on `date`.
  static func step(
    _ uri: String, _ status: Int, _ type: String, _ body: String,
    date: String = "Tue, 16 Dec 2014 01:47:00 GMT", version: String? = "v1.0"
  ) -> String {
    let shown = version.map { ["      Facebook-Api-Version:", "      - \($0)"] } ?? []
    return
      ([
        "- request:", "    method: get", "    uri: \(uri)", "    body:", "      encoding: US-ASCII",
        "      string: ''", "    headers:", "      Accept:", "      - \"*/*\"", "  response:",
        "    status:", "      code: \(status)", "      message: OK", "    headers:",
      ] + shown + [
        "      Content-Type:", "      - \(type)", "      Date:", "      - \(date)", "    body:",
        "      encoding: UTF-8", "      string: '\(body)'", "    http_version: ",
        "  recorded_at: \(date)",
      ]).joined(separator: "\n") + "\n"
  }

  static let posts =
    #"{"data":[{"message":"Holiday party","id":"15400000063_10152611792811464","created_time":"2014-12-15T21:40:09+0000","from":{"category":"Local business","name":"Shop","id":"15400000063"}},{"message":"Kickball","id":"15400000063_10152611417311464","created_time":"2014-12-12T18:00:00+0000","from":{"category":"Local business","name":"Shop","id":"15400000063"}}],"paging":{"previous":"https:\/\/graph.facebook.com\/15400000063\/posts?access_token="#
    + appID + "%7C" + tokenTail
    + #"&fields=message,id,created_time,from&limit=25&since=1418679609&__previous=1"}}"#

  static var recording: String {
    let json = "application/json; charset=UTF-8"
    return "---\nhttp_interactions:\n"
      + step(
        "https://graph.facebook.com/oauth/access_token?client_id=\(appID)&client_secret=\(secret)&grant_type=client_credentials",
        200, "text/plain; charset=UTF-8", "access_token=\(appID)|\(tokenTail)")
      + step(
        "https://graph.facebook.com/ShopName/posts?access_token=\(appID)%7C\(tokenTail)&fields=message,id,created_time,from",
        200, json, posts)
      + step(
        "https://graph.facebook.com/oauth/access_token?client_id=ShopName&client_secret=\(appID)&grant_type=client_credentials",
        500, json,
        #"{"error":{"message":"An unknown error has occurred.","type":"OAuthException","code":1}}"#)
      + "recorded_with: VCR 2.9.3\n"
  }

  @Test func theAppsOwnExchangeAndThePageReadAnswerAsRecorded() async throws {
    let (world, made, verified) = try await RecordedWorldSplitTokenTests.worldAndVerify(
      Self.recording)
    #expect(made.status == .success, "\(made.errors)")
    #expect(verified.output.contains("ok    #1 GET /oauth/access_token?client_id=\(Self.appID)&"))
    #expect(verified.output.contains("ok    #2 GET /ShopName/posts"), "\(verified.output)")
    #expect(world.contains("\"shopname\": \"15400000063\""), "\(world)")
    for text in [world, verified.output, made.output] {
      #expect(!text.contains(Self.secret))
      #expect(!text.contains(Self.tokenTail))
    }
  }

  @Test func postsNameTheirOwner() throws {
    let answer = try JSONParser.parse(
      Array(#"{"data":[{"id":"15_1"},{"id":"15_2"}]}"#.utf8))
    #expect(RecordedWorld.owner(ofPostsIn: answer, edge: "posts") == "15")
    #expect(RecordedWorld.owner(ofPostsIn: answer, edge: "friends") == nil)
    let mixed = try JSONParser.parse(Array(#"{"data":[{"id":"15_1"},{"id":"16_2"}]}"#.utf8))
    #expect(RecordedWorld.owner(ofPostsIn: mixed, edge: "feed") == nil)
  }

  /// Two apps' tokens in one recording (G5's client, 2014): each app's `client_credentials`
  /// exchange, then `/{app-id}/permissions` with its token: the first app's unversioned calls
  /// were v1.0 (refused with #100), the second's v2.2 (listed).
  static var twoApps: String {
    let (first, second) = ("121500000000001", "509200000000002")
    func exchange(_ app: String, _ secret: String, _ token: String) -> String {
      step(
        "https://graph.facebook.com/oauth/access_token?client_id=\(app)&client_secret=\(secret)&grant_type=client_credentials",
        200, "text/plain; charset=UTF-8", "access_token=\(app)|\(token)")
    }
    let json = "application/json; charset=UTF-8"
    return "---\nhttp_interactions:\n"
      + exchange(first, "a0d3000000000000000000000000ed41", "FirstAppTokenPart0123456789")
      + step(
        "https://graph.facebook.com/\(first)/permissions?access_token=\(first)%7CFirstAppTokenPart0123456789",
        400, json,
        #"{"error":{"message":"(#100) This method must be called with an app access_token, and requires version v2.2 or higher","type":"OAuthException","code":100}}"#
      )
      + exchange(second, "7fda000000000000000000000000f7c2", "SecondAppTokenPart012345678")
      + step(
        "https://graph.facebook.com/\(second)/permissions?access_token=\(second)%7CSecondAppTokenPart012345678",
        200, json,
        #"{"data":[{"permission":"public_profile","status":"live"},{"permission":"user_friends","status":"live"},{"permission":"email","status":"live"}]}"#,
        version: "v2.2")
      + "recorded_with: VCR 2.9.3\n"
  }

  @Test func everyAppTheRecordingShowsAnswersItsOwnToken() async throws {
    let (world, made, verified) = try await RecordedWorldSplitTokenTests.worldAndVerify(
      Self.twoApps)
    #expect(made.status == .success, "\(made.errors)")
    #expect(verified.output.contains("4 interaction(s), no drift"), "\(verified.output)")
    #expect(world.contains("\"apps\""), "\(world)")
    #expect(world.contains("\"id\": \"121500000000001\""))
    for part in ["FirstAppTokenPart", "SecondAppTokenPart", "a0d3000", "7fda000"] {
      #expect(!world.contains(part))
    }
  }
}
