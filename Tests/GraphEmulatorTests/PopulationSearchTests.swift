import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Issue 32: `search?type=user` over a generated world's people finds them by name pair and
/// block counts; every page is the page the old scan of every node gave (sorted by id), with
/// people stored over, removed, and stored users whose ids sort among the people's.
@Suite struct PopulationSearchTests {
  /// A generated world with people renamed (stored over), removed, and users of its own.
  static func world() throws -> World {
    var world = try World.generated(people: 100_000, friends: 3, seed: 7)
    let renamed = world.nodes["200000000000017"]!
    var fields = renamed.fields
    fields["name"] = "Zzyzx Amara"
    world.nodes["200000000000017"] = Node(id: renamed.id, type: .user, fields: fields)
    world.nodes["200000000040000"] = nil
    world.nodes["200000000050000"] = nil
    for id in ["1000", "200000000000017x", "299", "200000000099999", "3"] {
      world.nodes[id] = Node(
        id: id, type: .user, fields: JSONObject([.init(key: "name", value: "Amara Zed")]))
    }
    return world
  }

  /// What the search answered before: every node, filtered and sorted by id.
  static func expected(_ world: World, _ q: String) -> [String] {
    let words = q.lowercased().split(separator: " ").map(String.init)
    return world.nodes.values.filter { node in
      let text = ((node.string("name") ?? "") + " ").lowercased()
      return node.type == .user && words.allSatisfy { text.contains($0) }
    }.map(\.id).sorted()
  }

  @Test(arguments: ["amara", "zzyzx", "amara kim", "e", "nobody", "ara ade"])
  func everyPageIsTheOneTheScanGave(_ q: String) throws {
    let world = try Self.world()
    let emulator = GraphEmulator(world: world)
    let all = Self.expected(world, q)
    var offsets = [0, 1, 24, 25, 999, 3_000, 7_777]
    if all.count > 2 { offsets += [all.count - 2, all.count - 1, all.count] }
    for offset in offsets {
      let query = "search?type=user&q=\(q.replacingOccurrences(of: " ", with: "%20"))"
      let answer = call(
        emulator, "v2.0/\(query)&limit=25&offset=\(offset)", token: "CAAEmuUser0")
      let ids = (answer.json?["data"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
      let page = Array(all.dropFirst(offset).prefix(25))
      #expect(ids == page, "q=\(q) offset=\(offset)")
      #expect(
        (answer.json?["paging"]?["next"] != nil) == (offset + 25 < all.count),
        "q=\(q) offset=\(offset) of \(all.count)")
    }
  }

  @Test func noPairMatchingMeansNoScan() throws {
    let world = try World.generated(people: 10, friends: 2)
    let population = try #require(world.nodes.population)
    let search = PopulationSearch(population: population, hidden: []) { _, _ in false }
    #expect(search.isEmpty)
    #expect(search.count(below: 10) == 0)
    #expect(search.matches(skipping: 0, limit: 5).isEmpty)
  }
}
