import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 42, time: a world built `--from` a recording lives the recording's times. `world
/// --from` starts its clock at the first answer's `Date` and gives the recording's token the
/// expiry the recording shows; `verify --world` moves the emulator's clock to each answer's
/// `Date` (never backwards). Shaped after recommendapp's facebook.yml (2015): a read on 22 March,
/// and one on 9 April refused with 190/463 because the token expired in between.
@Suite struct RecordedWorldClockTests {
  static let token = "EAAGZCclockZCshapeZBtokenZBxyz0123"

  /// A Ruby VCR 2.x cassette of GETs, each with its answer's status, body and `Date`.
  static func vcr(
    _ steps: [(url: String, status: Int, body: String, date: String)], version: String = "v2.2"
  ) -> String {
    var out = "---\nhttp_interactions:\n"
    for step in steps {
      out +=
        [
          "- request:", "    method: get", "    uri: \(step.url)", "    body:",
          "      encoding: UTF-8", "      string: ''", "    headers:", "      Accept:",
          "      - \"*/*\"", "  response:", "    status:", "      code: \(step.status)",
          "      message: OK", "    headers:", "      Content-Type:",
          "      - application/json; charset=UTF-8", "      Facebook-Api-Version:",
          "      - \(version)",
          "      Date:", "      - \(step.date)", "    body:", "      encoding: UTF-8",
          "      string: '\(step.body)'", "    http_version: ", "  recorded_at: \(step.date)",
        ].joined(separator: "\n") + "\n"
    }
    return out + "recorded_with: VCR 2.9.3\n"
  }

  static let expired =
    #"{"error":{"message":"Error validating access token: Session has expired on Sunday, 22-Mar-15 06:00:00 PDT. The current time is Thursday, 09-Apr-15 10:41:48 PDT.","type":"OAuthException","code":190,"error_subcode":463}}"#

  /// The read before the expiry, then the one after it.
  static let expiring = vcr([
    (
      "https://graph.facebook.com/me?access_token=\(token)", 200,
      #"{"id":"1379083422415077","name":"Dana Amiccaibifjb Sidhuescu"}"#,
      "Sun, 22 Mar 2015 11:08:02 GMT"
    ),
    (
      "https://graph.facebook.com/me?fields=name&access_token=\(token)", 400, expired,
      "Thu, 09 Apr 2015 17:41:48 GMT"
    ),
  ])

  /// The world made `--from` the VCR cassette `yaml`, after checking that `verify --world`
  /// finds its `count` interactions answered as recorded.
  static func worldAnsweringItsRecording(_ yaml: String, count: Int) async throws -> JSONValue {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let cassette = scratch.file("recorded.yml")
    try Data(yaml.utf8).write(to: URL(fileURLWithPath: cassette))
    let (worldFile, made, verified) = await RecordedWorldTests.worldAndVerify(
      cassette, in: scratch)
    #expect(made.status == .success, "\(made.errors)")
    #expect(
      verified.output.contains("\(count) interaction(s), no drift"), "\(verified.output)")
    return try JSONParser.parse(
      Array(try String(contentsOfFile: worldFile, encoding: .utf8).utf8))
  }

  @Test func aTokenExpiresAtTheSamePointOfTheSession() async throws {
    let world = try await Self.worldAnsweringItsRecording(Self.expiring, count: 2)
    // 22 March 2015 11:08:02 UTC; 06:00 PDT is 13:00 UTC.
    #expect(world["clock"]?.numberValue?.intValue == 1_427_022_482)
    let recorded = world["tokens"]?.arrayValue?.first { $0["name"] == "recorded" }
    #expect(recorded?["expires_at"]?.numberValue?.intValue == 1_427_029_200, "\(world)")
  }

  @Test func theRecordingShowsExpiriesInThreeWays() {
    func interaction(_ url: String, _ body: String, date: String? = nil) -> Interaction {
      var response = HTTPResponse(status: 200, body: Array(body.utf8))
      if let date { response.headers["Date"] = date }
      return Interaction(
        request: HTTPRequest(url: url), response: response, recordedAt: "2015-04-09T17:41:52Z")
    }
    let debug = interaction(
      "https://graph.facebook.com/debug_token?input_token=<ACCESS_TOKEN_2>&access_token=A",
      #"{"data":{"app_id":"1","is_valid":true,"expires_at":1428600000}}"#)
    #expect(RecordedTime.expiries(debug) == ["<ACCESS_TOKEN_2>": 1_428_600_000])
    let form = interaction(
      "https://graph.facebook.com/oauth/access_token?grant_type=fb_exchange_token",
      "access_token=<ACCESS_TOKEN_3>&expires=5183999", date: "Thu, 09 Apr 2015 17:41:48 GMT")
    #expect(RecordedTime.expiries(form) == ["<ACCESS_TOKEN_3>": 1_428_601_308 + 5_183_999])
    let json = interaction(
      "https://graph.facebook.com/v2.8/oauth/access_token?code=<CODE_1>",
      #"{"access_token":"<ACCESS_TOKEN_4>","token_type":"bearer","expires_in":5183999}"#,
      date: "Thu, 09 Apr 2015 17:41:48 GMT")
    #expect(RecordedTime.expiries(json) == ["<ACCESS_TOKEN_4>": 1_428_601_308 + 5_183_999])
    // Without the answer's `Date` an exchange's expiry has nothing to count from.
    let undated = interaction(
      "https://graph.facebook.com/oauth/access_token?code=<CODE_1>",
      #"{"access_token":"<ACCESS_TOKEN_4>","expires_in":5183999}"#)
    #expect(RecordedTime.expiries(undated).isEmpty)
  }

  @Test func graphsDatesReadAsUnixTimes() {
    var response = HTTPResponse(status: 200)
    response.headers["Date"] = "Thu, 09 Apr 2015 17:41:48 GMT"
    #expect(RecordedTime.answered(response) == 1_428_601_308)
    response.headers["Date"] = "Thu, 09 Apr 2015 17:41:48 PDT"
    #expect(RecordedTime.answered(response) == nil)
    #expect(RecordedTime.answered(HTTPResponse(status: 200)) == nil)
    // Winter time is eight hours behind, summer time seven.
    #expect(
      RecordedTime.expiry(inMessage: "Session has expired on Monday, 05-Jan-15 04:00:00 PST.")
        == 1_420_459_200)
    #expect(RecordedTime.expiry(inMessage: Self.expired) == 1_427_029_200)
    #expect(RecordedTime.expiry(inMessage: "Session has expired on Sunday, 22-Mar-15") == nil)
    #expect(
      RecordedTime.expiry(inMessage: "Session has expired on Sunday, 22-Mar-15 06:00:00 EST.")
        == nil)
  }

  @Test func theEmulatorsClockFollowsForwardNeverBack() {
    let emulator = GraphEmulator()
    let start = emulator.world.clock
    emulator.followClock(to: start + 3_600)
    // The next request is answered at the time followed, one second after `now`.
    #expect(emulator.now == start + 3_599)
    emulator.followClock(to: start)
    #expect(emulator.now == start + 3_599)
  }
}
