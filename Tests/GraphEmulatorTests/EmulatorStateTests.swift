import GraphAPI
import Testing

@testable import GraphEmulator

/// The emulator's state is written only through `EmulatorState.mutate`, which starts a new
/// generation of the answer memo; reads leave the generation alone.
///
/// A field added to `EmulatorState.Contents` needs no code of its own to be counted: the
/// state's fields are settable only inside `mutate` (outside it they are read through a
/// read-only key path), so a write that skips the count does not compile. There is nothing
/// to test for it beyond that every field below is counted the same way.
@Suite struct EmulatorStateTests {
  @Test func readsKeepTheGenerationAndEveryMutationStartsANewOne() {
    var state = EmulatorState(world: .default, secrets: .deterministic)
    let start = state.generation
    _ = state.world.nodes.count
    _ = state.nextID
    _ = state.surface.testUsers
    _ = state.now
    #expect(state.generation == start)
    state.mutate { $0.nextToken += 1 }
    #expect(state.generation == start + 1)
    state.mutate { $0.lastStatus["1"] = "status" }
    state.mutate { $0.surface.nextCode += 1 }
    #expect(state.generation == start + 3)
    let id = state.mutate { $0.newID() }
    #expect(id == "101530000000001")
    #expect(state.nextID == 2)
    #expect(state.generation == start + 4)
  }

  @Test func aMutationThatThrowsStillStartsANewGeneration() {
    var state = EmulatorState(world: .default, secrets: .deterministic)
    let start = state.generation
    #expect(throws: GraphError.feedActionLimit) {
      try state.mutate { contents throws(GraphError) in
        try contents.written.admit(bytes: 0, objects: WriteBudget.maxObjects + 1)
      }
    }
    #expect(state.generation == start + 1)
  }

  /// A write from outside the router (the REPL's `revoke`, through `mutate`) drops the kept
  /// answer: the same read then answers the new state.
  @Test func aWriteThroughMutateDropsAMemoisedAnswer() throws {
    let emulator = GraphEmulator(secrets: .deterministic)
    let before = call(emulator, "me/permissions")
    #expect(call(emulator, "me/permissions").text == before.text)
    #expect(emulator.answerMemoCount == 1)
    #expect(before.text.contains("user_likes"))
    _ = try emulator.revoke(["user_likes"], token: "CAAEmuAlice")
    let after = call(emulator, "me/permissions")
    // Revoked, it is listed as declined.
    #expect(after.text.contains(#"{"permission":"user_likes","status":"declined"}"#))
    #expect(after.text != before.text)
  }

  /// A write through the router (`POST`) drops the kept answer to a read of what it changed.
  @Test func aPostDropsAMemoisedAnswer() {
    let emulator = GraphEmulator(secrets: .deterministic)
    let publish = "CAAEmuAlicePublish"
    let before = call(emulator, "me/feed", token: publish)
    #expect(call(emulator, "me/feed", token: publish).text == before.text)
    #expect(emulator.answerMemoCount == 1)
    let posted = call(
      emulator, "me/feed", method: "POST", token: publish, form: [("message", "Mutated")])
    #expect(posted.status == 200)
    let after = call(emulator, "me/feed", token: publish)
    #expect(!before.text.contains("Mutated"))
    #expect(after.text.contains("Mutated"))
  }
}
