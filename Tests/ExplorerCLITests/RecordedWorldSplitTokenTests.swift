import Foundation
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 42, identities in recordings other tools made: a test suite's VCR
/// `filter_sensitive_data` wrote one placeholder (`test_token`) over two real tokens recorded a
/// week apart, so `GET me` answers as one person and `me/friends` (its paging link names the
/// owner) as another. `world --from` keeps them as two tokens, split where the person changes,
/// and `verify --world` sends each interaction the token of the person it showed. Shaped after
/// a public recording of 2013 (v1.0, no version header); the people are made up.
@Suite struct RecordedWorldSplitTokenTests {
  /// A Ruby VCR 2.x cassette of GETs with no `Facebook-Api-Version` header (2013).
  static func vcr(_ steps: [(url: String, body: String, date: String)]) -> String {
    "---\nhttp_interactions:\n"
      + steps.map {
        RecordedWorldAppIDTests.step(
          $0.url, 200, "application/json; charset=UTF-8", $0.body, date: $0.date, version: nil)
      }.joined() + "recorded_with: VCR 2.5.0\n"
  }

  static let me =
    #"{"id":"700000487","name":"Kenji Sato","first_name":"Kenji","last_name":"Sato","#
    + #""username":"kenjisato","gender":"male","locale":"ja_JP"}"#

  /// `me` as one person, then `me/friends` a week later as another (its link names them).
  static let twoPeople = vcr([
    ("https://graph.facebook.com/me?access_token=test_token", me, "Sat, 27 Jul 2013 22:04:14 GMT"),
    (
      "https://graph.facebook.com/me/friends?access_token=test_token",
      #"{"data":[{"name":"Nancy Romansen","id":"100006500000332"}],"paging":{"next":"https:\/\/graph.facebook.com\/100006400000141\/friends?access_token=CAAJsecondPersonRealToken0123456789&limit=5000&offset=5000&__after_id=100006500000332"}}"#,
      "Fri, 02 Aug 2013 05:40:37 GMT"
    ),
  ])

  /// The same shape where the answers agree: `me/friends`'s link names `me` itself.
  static let onePerson = vcr([
    ("https://graph.facebook.com/me?access_token=test_token", me, "Sat, 27 Jul 2013 22:04:14 GMT"),
    (
      "https://graph.facebook.com/me/friends?access_token=test_token",
      #"{"data":[{"name":"Nancy Romansen","id":"100006500000332"}],"paging":{"next":"https:\/\/graph.facebook.com\/700000487\/friends?access_token=test_token&limit=5000&offset=5000&__after_id=100006500000332"}}"#,
      "Sat, 27 Jul 2013 22:05:14 GMT"
    ),
  ])

  /// `world --from` the recording `text` (a scratch file), then `verify --world`: the world
  /// file's text and both runs.
  static func worldAndVerify(_ text: String) async throws
    -> (world: String, made: ScriptModeTests.Run, verified: ScriptModeTests.Run)
  {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let cassette = scratch.file("recording.yml")
    try Data(text.utf8).write(to: URL(fileURLWithPath: cassette))
    let (file, made, verified) = await RecordedWorldTests.worldAndVerify(cassette, in: scratch)
    let world = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    return (world, made, verified)
  }

  @Test func onePlaceholderForTwoPeopleIsTwoTokens() async throws {
    let (world, made, verified) = try await Self.worldAndVerify(Self.twoPeople)
    #expect(made.status == .success, "\(made.errors)")
    #expect(
      made.output.contains(
        "<ACCESS_TOKEN_1> answered as 700000487 up to #1 and as 100006400000141 from #2"),
      "\(made.output)")
    #expect(verified.output.contains("2 interaction(s), no drift"), "\(verified.output)")
    #expect(verified.output.contains("<ACCESS_TOKEN_1> sent from #2 on as the world's token"))
    #expect(world.contains("\"<ACCESS_TOKEN_1> from #2\""), "\(world)")
    #expect(!world.contains("CAAJsecondPersonRealToken"))
  }

  /// A token whose answers agree is never split (the emulator's recordings: one token, one
  /// person).
  @Test func aTokenWhoseAnswersAgreeStaysOne() async throws {
    let (world, made, verified) = try await Self.worldAndVerify(Self.onePerson)
    #expect(!made.output.contains("answered as"), "\(made.output)")
    #expect(verified.output.contains("2 interaction(s), no drift"), "\(verified.output)")
    #expect(!world.contains(" from #"), "\(world)")
  }

  @Test func aSplitNameReadsBack() {
    let name = RecordedPeople.splitName("<ACCESS_TOKEN_1>", at: 12)
    #expect(name == "<ACCESS_TOKEN_1> from #12")
    #expect(RecordedPeople.split(named: name)?.token == "<ACCESS_TOKEN_1>")
    #expect(RecordedPeople.split(named: name)?.at == 12)
    #expect(RecordedPeople.split(named: "<ACCESS_TOKEN_1>") == nil)
    #expect(RecordedPeople.split(named: "x from #0") == nil)
  }
}
