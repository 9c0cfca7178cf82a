import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// An interaction's `expect` is checked on every play (its verdict worked out once): a held
/// expectation returns the answer each time, a failed one is reported each time.
@Suite struct PlayerExpectationTests {
  static func player(_ expect: GraphCassette.Expectation) -> CassettePlayer {
    var interaction = PlayerTests.interaction(
      HTTPRequest(url: "https://graph.facebook.com/v2.0/me"),
      "{\"error\":{\"message\":\"An active access token must be used\",\"code\":2500}}",
      status: 400)
    interaction.expect = expect
    return CassettePlayer(
      cassette: Cassette(interactions: [interaction]), allowPlaybackRepeats: true)
  }

  @Test func aHeldExpectationAnswersEveryTime() throws {
    let player = Self.player(GraphCassette.Expectation(status: 400, errorCode: 2500))
    for _ in 0..<3 {
      let response = try player.answer(HTTPRequest(url: "https://graph.facebook.com/v2.0/me"))
      #expect(response.status == 400)
    }
  }

  @Test func aFailedExpectationIsReportedEveryTime() {
    let player = Self.player(GraphCassette.Expectation(status: 400, errorCode: 190))
    for _ in 0..<3 {
      #expect {
        try player.answer(HTTPRequest(url: "https://graph.facebook.com/v2.0/me"))
      } throws: { error in
        guard case CassetteError.expectationFailed(let index, let failures) = error else {
          return false
        }
        return index == 0 && failures == ["error.code is 2500, expected 190"]
      }
    }
  }
}
