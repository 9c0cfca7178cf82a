import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Answers within a byte budget (issue 31: six 30 MB posts made a 211 MB `me/feed` answer, a
/// batch of them 1.72 GB, and other clients waited 1.8 s).
@Suite struct AnswerBudgetTests {
  static let reduce = "Please reduce the amount of data you're asking for, then retry your request"

  /// An emulator whose default user has posted 40 link posts, each with a message, link, name,
  /// caption and description of 60,000 bytes (a stored text is at most 63,206 characters,
  /// `WriteBudget`): 12 MB in all, past the 8 MiB budget. Shared: the tests only read.
  static let posted = emulator(posts: 40, size: 60_000)
  /// The whole feed in one page.
  static let wholeFeed = "me/feed?limit=100"

  /// An emulator whose default user has posted `count` link posts whose five texts are `size`
  /// bytes each.
  static func emulator(posts count: Int, size: Int) -> (GraphEmulator, [String]) {
    let emulator = GraphEmulator()
    var ids: [String] = []
    for n in 0..<count {
      let text = String(repeating: Character(String(n % 10)), count: size)
      let link = "https://example.com/" + text.dropLast(20)
      let answer = call(
        emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish",
        form: [
          ("message", text), ("link", link), ("name", text), ("caption", text),
          ("description", text),
        ])
      if let id = answer.json?["id"]?.stringValue { ids.append(id) }
    }
    return (emulator, ids)
  }

  @Test func anAnswerPastTheBudgetIsGraphsError() throws {
    let (emulator, ids) = Self.posted
    #expect(ids.count == 40)
    let feed = call(emulator, Self.wholeFeed, token: "CAAEmuAlicePublish")
    #expect(feed.json?["error"]?["code"] == 1, "\(feed.text.prefix(200))")
    #expect(feed.json?["error"]?["message"]?.stringValue == Self.reduce)
    #expect(feed.text.count < 1000, "nothing of the answer is printed")
    // One post alone is within the budget.
    let one = call(emulator, "\(ids[0])?fields=message", token: "CAAEmuAlicePublish")
    #expect(one.json?["message"]?.stringValue?.utf8.count == 60_000)
  }

  @Test func aBatchPastTheBudgetStopsThere() throws {
    let (emulator, _) = Self.posted
    // Each operation's answer is 30 posts' message and description (3.6 MB), within the
    // budget; three together are not.
    let operations = Array(
      repeating:
        #"{"method":"GET","relative_url":"me/feed?fields=message,description&limit=30"}"#,
      count: 3)
    let batch = call(
      emulator, "", method: "POST", token: "CAAEmuAlicePublish",
      form: [("batch", "[" + operations.joined(separator: ",") + "]")])
    #expect(batch.json?["error"]?["message"]?.stringValue == Self.reduce)
    let two = call(
      emulator, "", method: "POST", token: "CAAEmuAlicePublish",
      form: [("batch", "[" + operations.prefix(2).joined(separator: ",") + "]")])
    #expect(two.json?.arrayValue?.count == 2, "two of them fit")
  }

  @Test func aLargeAnswerDoesNotStallAnotherClient() async throws {
    let (emulator, _) = Self.posted
    let running = Task.detached {
      for _ in 0..<20 {
        _ = emulator.answer(
          HTTPRequest(
            url: "https://graph.facebook.com/\(Self.wholeFeed)&access_token=CAAEmuAlicePublish"))
      }
    }
    var slowest = Duration.zero
    let clock = ContinuousClock()
    for _ in 0..<20 {
      let started = clock.now
      let me = emulator.answer(
        HTTPRequest(url: "https://graph.facebook.com/me?fields=id&access_token=CAAEmuAlice"))
      slowest = max(slowest, clock.now - started)
      #expect(me.status == 200)
    }
    await running.value
    // Generous: a whole 9 MB answer printed under the emulator's lock took far longer.
    #expect(slowest < .milliseconds(500), "another client waited \(slowest)")
  }
}
