import Foundation
import GraphTestSupport
import Testing

/// The built `graph-explorer` on a generated world of a million people, on a pseudo-terminal:
/// it reaches its prompt, pages friends, logs in by first name, resets and leaves.
@Suite(.serialized) struct GeneratedWorldInteractiveTests {
  @Test func aMillionPeopleAnswerAtThePrompt() throws {
    let home = try InteractiveTests.Home()
    #expect(FileManager.default.isExecutableFile(atPath: InteractiveTests.binary))
    let terminal = try PseudoTerminal(
      executable: InteractiveTests.binary,
      arguments: ["--no-color", "--world", "generated:people=1000000,friends=20"],
      environment: home.environment(), rows: 24, columns: 100)
    try InteractiveTests.waitForPrompt(terminal)
    let friends = try InteractiveTests.submit(terminal, "GET me/friends?limit=2")
    #expect(friends.contains("Olga Eriksen") && friends.contains("200000000000002"))
    let deep = try InteractiveTests.submit(
      terminal, "GET v1.0/200000000000999/friends?limit=1&offset=19")
    #expect(deep.contains("200000000000989"))
    try InteractiveTests.submit(terminal, "login ben")
    let me = try InteractiveTests.submit(terminal, "GET me?fields=name")
    #expect(me.contains("Ben Eriksen") && me.contains("200000000000012"))
    try InteractiveTests.submit(terminal, "reset")
    let back = try InteractiveTests.submit(terminal, "GET me?fields=name")
    #expect(back.contains("Farid Gallagher"))
    try InteractiveTests.leave(terminal)
  }
}
