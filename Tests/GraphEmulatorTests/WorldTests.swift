import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// The default world, world files and generated worlds.
@Test func defaultWorldHasWhatTheIssueAsksFor() {
  let world = World.default
  #expect(world.people.count >= 12)
  #expect(world.edge(world.defaultUserID, "friends").count >= 60)
  #expect(world.edge(world.defaultUserID, "feed").count >= 40)
  #expect(world.edge(world.defaultUserID, "albums").count >= 2)
  #expect(world.edge(world.defaultUserID, "photos").count >= 8)
  #expect(world.edge(world.defaultUserID, "checkins").count >= 5)
  #expect(world.edge(world.defaultUserID, "likes").count >= 5)
  let places = world.nodes.values.filter { $0.fields["location"] != nil }
  #expect(places.count >= 30)
  let far = places.filter { Router.distance(from: DefaultWorld.centre, to: $0) > 5000 }
  #expect(far.count >= 3)
  #expect(world.app.namespace == "fb_sample_scrumps")
  #expect(world.app.id == "233936543368280")
  #expect(world.nodes.values.contains { $0.type == .event })
}

@Test func worldFileRoundTrips() throws {
  let text = World.default.jsonValue.prettyText
  let world = try World(json: text)
  #expect(world.jsonValue == World.default.jsonValue)
  let a = GraphEmulator(world: world)
  let b = GraphEmulator()
  for path in ["me", "me/friends?limit=5", "me/feed?limit=3", "search?type=place&q=bar"] {
    #expect(call(a, path).text == call(b, path).text)
  }
}

/// Issue 42: a world file's `aliases` (a vanity name a recording read an object by) are read
/// as usernames are, by the version's rules, and written back.
@Test func aWorldFileKeepsAliases() throws {
  var value = World.default.jsonValue
  guard case .object(var root) = value else { return }
  root["aliases"] = ["Tahrd108": "100001000000002"]
  value = .object(root)
  let world = try World(json: value.prettyText)
  #expect(world.aliases == ["tahrd108": "100001000000002"])
  #expect(world.jsonValue["aliases"]?["tahrd108"] == "100001000000002")
  let emulator = GraphEmulator(world: world)
  #expect(call(emulator, "v1.0/tahrd108").json?["id"] == "100001000000002")
  #expect(call(emulator, "v2.2/tahrd108").json?["error"]?["code"] == 803)
  #expect(throws: EmulatorError.self) {
    try World(json: #"{"app":{"id":"1","name":"A"},"nodes":[],"aliases":{"x":"2"}}"#)
  }
}

struct BrokenWorld: Sendable, CustomStringConvertible {
  var text: String
  var message: String
  var description: String { message }
}

@Test(arguments: [
  BrokenWorld(
    text: "{\n  \"app\": {\"id\": \"1\",\n  }\n}",
    message: "world: line 3, column 3: expected a string key, found '}'"),
  BrokenWorld(text: "[]", message: "world: $: expected an object, found array"),
  BrokenWorld(text: "{}", message: "world: $.app: missing"),
  BrokenWorld(
    text: #"{"app":{"id":"1","name":"A"},"nodes":[{"id":"1","type":"robot"}]}"#,
    message: "world: $.nodes[0].type: unknown node type robot"),
  BrokenWorld(
    text:
      #"{"app":{"id":"1","name":"A"},"nodes":[{"id":"1","type":"user"}],"edges":{"1":{"friends":["2"]}}}"#,
    message: "world: $.edges.1.friends: no node with id 2"),
  BrokenWorld(
    text: #"{"app":{"id":"1","name":"A"},"nodes":[{"id":"1","type":"user"}],"default_user":"1"}"#,
    message: "world: $.default_token: expected a string, found nothing"),
])
func brokenWorldsSayWhere(_ c: BrokenWorld) {
  do {
    _ = try World(json: c.text)
    Issue.record("accepted a broken world")
  } catch {
    #expect(error.description == c.message)
  }
}

@Test func loadNamesTheFile() throws {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("broken-world.json").path
  try Data("{\"app\": ]".utf8).write(to: URL(fileURLWithPath: path))
  defer { try? FileManager.default.removeItem(atPath: path) }
  #expect(throws: EmulatorError.self) { try World.load(contentsOf: path) }
  do {
    _ = try World.load(contentsOf: path)
  } catch {
    #expect(error.description.hasPrefix("\(path): line 1, column 9: "))
  }
  #expect(
    throws: EmulatorError.worldUnreadable(
      path: "/nonexistent/w.json", reason: "no such file or not readable")
  ) {
    try World.load(contentsOf: "/nonexistent/w.json")
  }
}

@Test func generatedWorldIsDeterministic() throws {
  let a = try World.generated(people: 100, friends: 10, seed: 7)
  let b = try World.generated(people: 100, friends: 10, seed: 7)
  #expect(a.jsonValue == b.jsonValue)
  #expect(a.people.count == 100)
  #expect(a.edge(a.defaultUserID, "friends").count == 10)
  let answer = call(GraphEmulator(world: a), "me/friends?limit=3", token: "CAAEmuUser0")
  #expect(answer.json?["data"]?.arrayValue?.count == 3)
  #expect(throws: EmulatorError.invalidGeneratedWorld("people must be at least 2")) {
    try World.generated(people: 1, friends: 1)
  }
}

/// `World` shares its fields between copies until one changes: a change to a copy must never
/// show in the world it was copied from (the emulator's `reset` restores that one).
@Test func aChangedCopyLeavesTheOriginalWorldAlone() {
  let original = World.default
  var copy = original
  copy.remove("100001000000002")
  copy.addToken(TokenRecord(token: "CAAEmuCopy", kind: .app, scopes: []))
  copy.app.name = "Changed"
  copy.deauthorized.insert("100001000000003")
  #expect(copy.nodes["100001000000002"] == nil)
  #expect(original.nodes["100001000000002"] != nil)
  #expect(original.tokens["CAAEmuCopy"] == nil && copy.tokens["CAAEmuCopy"] != nil)
  #expect(original.app.name != "Changed")
  #expect(!original.deauthorized.contains("100001000000003"))
  #expect(original.edge("100001000000001", "friends").contains("100001000000002"))
  #expect(!copy.edge("100001000000001", "friends").contains("100001000000002"))
}
