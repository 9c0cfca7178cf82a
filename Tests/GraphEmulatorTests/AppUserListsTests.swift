import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// The friends lists narrowed to the app's users are kept per state generation
/// (`AppUserLists`): a kept list must never outlive a change, nor leak between viewers.
@Suite struct AppUserListsTests {
  private func friendIDs(_ emulator: GraphEmulator, token: String = "CAAEmuAlice") -> [String] {
    let answer = call(emulator, "v2.0/me/friends?fields=id&limit=500", token: token).json
    return answer?["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
  }

  @Test func aDeauthorizationTakesTheFriendOffTheNextPage() {
    let emulator = GraphEmulator()
    let before = friendIDs(emulator)
    #expect(before.contains("100001000000002"))
    // Bob removes the app: from v2.0 on he is no longer among Alice's friends.
    #expect(call(emulator, "me/permissions", method: "DELETE", token: "CAAEmuBob").status == 200)
    let after = friendIDs(emulator)
    #expect(!after.contains("100001000000002"))
    #expect(after.count == before.count - 1)
  }

  @Test func aViewerWhoCannotListLeavesNothingForOneWhoCan() {
    let emulator = GraphEmulator()
    let fresh = GraphEmulator()
    #expect(friendIDs(emulator, token: "CAAEmuAliceBasic").isEmpty)
    #expect(friendIDs(emulator) == friendIDs(fresh))
    #expect(!friendIDs(emulator).isEmpty)
  }

  @Test func keptAndNarrowedEachTimeGiveTheSameAnswers() {
    let kept = GraphEmulator()
    let fresh = GraphEmulator()
    kept.answerMemoEnabled = false
    for limit in 1...7 {
      for offset in [0, 3, 50, 60] {
        let path = "v2.0/me/friends?limit=\(limit)&offset=\(offset)"
        #expect(call(kept, path).text == call(fresh, path).text)
      }
    }
  }

  @Test func theCacheStartsOverInANewGeneration() {
    let lists = AppUserLists()
    let ids = EdgeList(["a", "b", "c"])
    #expect(
      Array(lists.list(owner: "o", edge: "friends", generation: 1, from: ids) { $0 != "b" }) == [
        "a", "c",
      ])
    // The same generation: the kept list, whatever the filter says now.
    #expect(
      Array(lists.list(owner: "o", edge: "friends", generation: 1, from: ids) { _ in false }) == [
        "a", "c",
      ])
    #expect(
      Array(lists.list(owner: "o", edge: "friends", generation: 2, from: ids) { _ in false })
        .isEmpty)
  }
}
