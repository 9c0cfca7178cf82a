import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Issue 48: a page of people is one copy of its edge's kept run (`PersonItems.run`), a page
/// far past the run is written person by person, and a stored field is read with one lookup
/// (`NodeRenderer.storedFields`); each gives the bytes the walk and the tree give.
@Suite struct PersonRunTests {
  static func emulator(_ world: World = .default) -> GraphEmulator {
    let emulator = GraphEmulator(world: world)
    emulator.answerMemoEnabled = false
    return emulator
  }

  static func read(_ emulator: GraphEmulator, _ path: String, token: String = "CAAEmuAlice")
    -> HTTPResponse
  {
    emulator.answer(HTTPRequest(.get, url: "http://127.0.0.1:9\(path)&access_token=\(token)"))
  }

  @Test func pagesOfOneEdgeAreCopiedFromOneRun() {
    let emulator = Self.emulator()
    _ = Self.read(emulator, "/v2.0/me/friends?limit=25")
    #expect(emulator.withState { $0.personItems.runCount } == 1)
    let kept = emulator.withState { $0.personItems.count }
    #expect(kept == 25)
    // Pages inside what the run holds write no one again; v1.0 (not narrowed) is a run of its
    // own.
    _ = Self.read(emulator, "/v2.0/me/friends?limit=3&offset=5")
    _ = Self.read(emulator, "/v2.0/me/friends?limit=25&offset=0")
    #expect(emulator.withState { $0.personItems.count } == kept)
    _ = Self.read(emulator, "/v1.0/me/friends?limit=2")
    #expect(emulator.withState { $0.personItems.runCount } == 2)
    // The pages are the tree's bytes, with the run written on page by page.
    let paths =
      (0...6).map { "/v2.0/me/friends?limit=9&offset=\($0 * 9)" } + [
        "/v2.0/me/friends?limit=3&offset=2", "/v1.0/me/friends?limit=4&offset=1", "/me/likes",
      ]
    #expect(AnswerWriterTests.expectSame(paths).written == paths.count)
  }

  @Test func aPageFarPastTheRunIsWrittenPersonByPerson() throws {
    let world = try World.generated(people: 3000, friends: 10, seed: 7, defaultUserFriends: 2500)
    let emulator = Self.emulator(world)
    let far = "/v2.0/me/friends?limit=10&offset=\(PersonItems.longestStep + 100)"
    let answer = Self.read(emulator, far, token: world.defaultToken)
    #expect(answer.status == 200)
    #expect(emulator.withState { $0.personItems.runCount } == 0)
    #expect(emulator.withState { $0.personItems.count } == 10)
    let paths = [far, "/v2.0/me/friends?limit=10&offset=0", "/v2.0/me/friends?limit=5&offset=8"]
    let same = AnswerWriterTests.expectSame(paths, world: world, token: world.defaultToken)
    #expect(same.written == paths.count)
  }

  /// Every stored field the table lists gives what walking every rule gives, for each type's
  /// node, at each version, for the node's owner and for another viewer.
  @Test func aStoredFieldReadInOneLookupIsWhatTheWalkGives() throws {
    let world = World.default
    // The first node of each type, and a few people (Alice's own fields and her friends').
    var nodes: [Node] = []
    for node in world.nodes.values
    where !nodes.contains(where: { $0.type == node.type })
      || (node.type == .user && nodes.count < 40)
    {
      nodes.append(node)
    }
    #expect(Set(nodes.map(\.type)).count >= 6)
    #expect(NodeRenderer.storedFields[.user]?["first_name"] != nil)
    #expect(NodeRenderer.storedFields[.user]?["username"] == nil)
    #expect(NodeRenderer.storedFields[.user]?["friends"] == nil)
    #expect(NodeRenderer.storedFields[.page]?["access_token"] == nil)
    var compared = 0
    for version in ["v1.0", "v2.0", "v2.4", "v3.0"] {
      for token in ["CAAEmuAlice", world.app.id + "|" + world.app.secret, ""] {
        let request = HTTPRequest(
          .get, url: "http://127.0.0.1:9/\(version)/me?access_token=\(token)")
        let call = GraphCall(request: request, defaultVersion: world.app.defaultVersion)
        let viewer = try Viewer.resolve(token, in: world, now: 0).get()
        let renderer = NodeRenderer(world: world, viewer: viewer, call: call)
        for var node in nodes {
          let stored = try #require(NodeRenderer.storedFields[node.type])
          for name in stored.keys where node.fields[name] == nil {
            node.fields[name] = .string("stored \(name)")
          }
          for name in stored.keys {
            let field = try FieldSelection(parsing: name).fields[0]
            let fast = Result { () throws(GraphError) in try renderer.value(of: field, on: node) }
            let walked = Result { () throws(GraphError) in
              try renderer.walkedValue(of: field, on: node)
            }
            #expect(fast == walked, "\(node.type) \(name) at \(version)")
            compared += 1
          }
        }
      }
    }
    #expect(compared > 100)
  }
}
