import Foundation
import GraphAPI
import GraphJSON
import GraphTestSupport
import Testing

@testable import GraphEmulator

/// Stored writes are bounded (issue 31: six 30 MB posts were kept whole): a stored text is at
/// most 63,206 characters, and the state's writes at most 64 MiB and 100,000 objects, past
/// which Graph's (#341) answers.
@Suite struct WriteBudgetTests {
  @Test func aMessageIsAtMostTheLongestPost() throws {
    let emulator = GraphEmulator()
    let longest = String(repeating: "é", count: WriteBudget.maxTextCharacters)
    let kept = call(
      emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish",
      form: [("message", longest)])
    let id = try #require(kept.json?["id"]?.stringValue, "\(kept.text.prefix(200))")
    let read = call(emulator, "\(id)?fields=message", token: "CAAEmuAlicePublish")
    #expect(read.json?["message"]?.stringValue == longest)
    let tooLong = call(
      emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish",
      form: [("message", longest + "x")])
    #expect(tooLong.status == 400)
    #expect(tooLong.json?["error"]?["code"] == 100)
    #expect(
      tooLong.json?["error"]?["message"]?.stringValue
        == "(#100) The message parameter is too long: at most 63206 characters are kept")
    // A comment and a post's link text likewise.
    let comment = call(
      emulator, "\(id)/comments", method: "POST", token: "CAAEmuAlicePublish",
      form: [("message", longest + "x")])
    #expect(comment.json?["error"]?["code"] == 100)
    let link = call(
      emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish",
      form: [("link", "https://example.com/"), ("description", longest + "x")])
    #expect(link.json?["error"]?["message"]?.stringValue?.contains("description") == true)
  }

  /// The budget spent for real: 1,100 posts of 61,000 bytes (110 s here). Full-scale lane only
  /// (`TestLane`); `aWriteOverASpentBudgetIsGraphsFeedLimit` checks the same answer cheaply.
  @Test(.enabled(if: TestLane.fullScale, "full-scale: set \(TestLane.variable)=1"))
  func writesPastTheBudgetAreGraphsFeedLimit() throws {
    let emulator = GraphEmulator()
    // 1,100 posts of 61,000 bytes pass 64 MiB (67,108,864 bytes) at the 1,101st.
    var answered = 0
    var refused: Answer?
    for n in 0..<1_200 {
      let text = String(n) + String(repeating: "a", count: 61_000 - String(n).count)
      let answer = call(
        emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish",
        form: [("message", text)])
      if answer.status == 200 {
        answered += 1
      } else {
        refused = answer
        break
      }
    }
    #expect(answered == 67_108_864 / 61_000)
    let error = try #require(refused?.json?["error"])
    #expect(error["code"] == 341)
    #expect(error["message"]?.stringValue == "(#341) Feed action request limit reached")
    // Reads still answer.
    #expect(call(emulator, "me?fields=id", token: "CAAEmuAlicePublish").status == 200)
  }

  /// An emulator with all but `left` bytes of its write budget spent.
  static func emulator(leaving left: Int) -> GraphEmulator {
    let emulator = GraphEmulator()
    emulator.withState { state in
      state.mutate { try? $0.written.admit(bytes: WriteBudget.maxBytes - left, objects: 0) }
    }
    return emulator
  }

  /// The writes `send` makes until one is refused: how many were answered, and the refusal.
  static func untilRefused(_ send: () -> Answer) -> (Int, Answer?) {
    for answered in 0..<100 {
      let answer = send()
      if answer.status != 200 { return (answered, answer) }
    }
    return (100, nil)
  }

  /// App events are kept for the state's life: in the budget (issue 44: 400 events of 2 MB
  /// were 818 MB).
  @Test func appEventsAreInTheBudget() throws {
    let events = #"[{"_eventName":"e","pad":""# + String(repeating: "a", count: 200_000) + #""}]"#
    let emulator = Self.emulator(leaving: 500_000)
    let (answered, refused) = Self.untilRefused {
      call(
        emulator, "v2.2/\(AppSurfaceTests.app)/activities", method: "POST", token: nil,
        form: [("event", "CUSTOM_APP_EVENTS"), ("custom_events", events)])
    }
    #expect(answered == 2)
    #expect(refused?.json?["error"]?["code"] == 341)
    #expect(emulator.appEvents.count == 2)
  }

  /// A test user's name is a stored text, in the budget (issue 44: 300 names of 1 MB were
  /// 616 MB).
  @Test func testUserNamesAreInTheBudget() throws {
    let path = "v2.2/\(AppSurfaceTests.app)/accounts/test-users"
    let emulator = Self.emulator(leaving: 300_000)
    let tooLong = call(
      emulator, path, method: "POST", token: AppSurfaceTests.appToken,
      form: [("name", String(repeating: "a", count: WriteBudget.maxTextCharacters + 1))])
    #expect(tooLong.json?["error"]?["code"] == 100)
    let name = String(repeating: "n", count: 60_000)
    let (answered, refused) = Self.untilRefused {
      call(
        emulator, path, method: "POST", token: AppSurfaceTests.appToken,
        form: [("installed", "false"), ("name", name)])
    }
    #expect(answered == 2)
    #expect(refused?.json?["error"]?["code"] == 341)
  }

  /// The default lane's check of the same answer: the budget spent to one byte short of its
  /// 64 MiB through the state, then a post of two bytes is refused with (#341), and reads still
  /// answer.
  @Test func aWriteOverASpentBudgetIsGraphsFeedLimit() throws {
    let emulator = GraphEmulator()
    emulator.withState { state in
      state.mutate { try? $0.written.admit(bytes: WriteBudget.maxBytes - 1, objects: 0) }
    }
    let refused = call(
      emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish", form: [("message", "hi")])
    let error = try #require(refused.json?["error"])
    #expect(error["code"] == 341)
    #expect(error["message"]?.stringValue == "(#341) Feed action request limit reached")
    #expect(call(emulator, "me?fields=id", token: "CAAEmuAlicePublish").status == 200)
  }

  @Test func theObjectCountIsBoundedToo() throws {
    var budget = WriteBudget()
    for _ in 0..<WriteBudget.maxObjects { try budget.admit(bytes: 1, objects: 1) }
    #expect(throws: GraphError.feedActionLimit) { try budget.admit(bytes: 0, objects: 1) }
    #expect(budget.objects == WriteBudget.maxObjects)
  }
}
