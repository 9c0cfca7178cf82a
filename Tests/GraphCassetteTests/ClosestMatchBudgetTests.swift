import GraphAPI
import GraphTestSupport
import Testing

@testable import GraphCassette

/// `serve --replay` of a 100,000-interaction cassette: explaining a miss scanned every recorded
/// request (47 ms each), so 400 pipelined misses held a matching request for 9.6 s. The search
/// is now bounded, same-path requests first, and repeated misses reuse their explanation.
@Suite struct ClosestMatchBudgetTests {
  static func bigCassette(_ count: Int) -> Cassette {
    Cassette(
      interactions: (0..<count).map { i in
        Interaction(
          request: HTTPRequest(
            method: "GET",
            url: "https://graph.facebook.com/v2.0/\(i % 1000)/feed?limit=\(i)&fields=id,message"),
          response: HTTPResponse(status: 200, body: Array(#"{"data":[]}"#.utf8)),
          recordedAt: "2026-11-30T00:00:00.000Z")
      })
  }

  /// 100,000 interactions and 400 misses in the full-scale lane (`TestLane`); 3,000 and 40
  /// otherwise, which still passes the budget of 1,000 scored requests three times over.
  @Test func aMissScoresABoundedNumberOfRecordedRequests() throws {
    let (count, misses) = TestLane.fullScale ? (100_000, 400) : (3_000, 40)
    var queue = PlaybackQueue(cassette: Self.bigCassette(count), matchers: .default)
    for miss in 0..<misses {
      let request = HTTPRequest(
        method: "GET", url: "https://graph.facebook.com/v2.0/\(miss)/feed?limit=x\(miss)")
      #expect(throws: CassetteError.self) { _ = try queue.next(for: request) }
      #expect(queue.lastMissScored <= PlaybackQueue.closestMatchBudget)
    }
    // The closest request shares the path and says what differs (index 7, numbered #8).
    let request = HTTPRequest(
      method: "GET", url: "https://graph.facebook.com/v2.0/7/feed?limit=7&fields=id")
    do {
      _ = try queue.next(for: request)
      Issue.record("a miss matched")
    } catch {
      guard case .noMatch(_, let closest, let differences) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(closest?.hasPrefix("#8 GET ") == true)
      #expect(closest?.contains("/v2.0/7/feed") == true)
      #expect(differences.count == 1)
      #expect(differences.first?.contains("fields is \"id\", recorded \"id,message\"") == true)
    }
    // A match still costs a lookup.
    let last = count - 995
    let hit = HTTPRequest(
      method: "GET", url: "https://graph.facebook.com/v2.0/5/feed?limit=\(last)&fields=id,message")
    #expect(try queue.next(for: hit) == last)
  }

  @Test func aRepeatedMissReusesItsExplanation() throws {
    var queue = PlaybackQueue(cassette: Self.bigCassette(10_000), matchers: .default)
    let request = HTTPRequest(method: "GET", url: "https://graph.facebook.com/v2.0/none")
    #expect(throws: CassetteError.self) { _ = try queue.next(for: request) }
    #expect(queue.lastMissScored == PlaybackQueue.closestMatchBudget)
    let again = HTTPRequest(
      method: "GET", url: "https://graph.facebook.com/v2.0/none?access_token=OTHER")
    #expect(throws: CassetteError.self) { _ = try queue.next(for: again) }
    #expect(queue.lastMissScored == 0)
  }
}
