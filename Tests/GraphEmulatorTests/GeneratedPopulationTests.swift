import GraphJSON
import Testing

@testable import GraphEmulator

/// The computed people and friend lists of generated worlds against the lists the world used
/// to store (the ring lattice built as it was before, in full).
struct GeneratedPopulationTests {
  /// The friend lists as `World.generated` stored them before they were computed.
  static func storedLists(people: Int, friends: Int, hub: Int?) -> [[Int]] {
    let half = friends / 2
    var lists: [[Int]] = []
    for n in 0..<people {
      var list: [Int] = []
      for k in 1...max(1, half) { list.append((n + k) % people) }
      for k in 1...max(1, friends - half) { list.append((n - k + people) % people) }
      lists.append(Array(list.prefix(friends)))
    }
    if let hub { lists[0] = Array(1...hub) }
    return lists
  }

  @Test(
    arguments: [
      (2, 1, nil), (3, 2, nil), (4, 3, nil), (5, 4, nil), (50, 1, nil),
      (51, 7, nil), (300, 20, nil), (300, 299, nil), (40, 6, 39), (40, 3, 1),
    ] as [(Int, Int, Int?)])
  func computedListsAreTheStoredOnes(people: Int, friends: Int, hub: Int?) throws {
    let world = try World.generated(
      people: people, friends: friends, seed: 3, defaultUserFriends: hub)
    let population = try #require(world.nodes.population)
    let expected = Self.storedLists(people: people, friends: friends, hub: hub)
    for owner in 0..<people {
      let id = population.id(owner)
      let list = world.edge(id, "friends")
      #expect(Array(list) == expected[owner].map(population.id))
      for person in 0..<people {
        let other = population.id(person)
        #expect(list.contains(other) == expected[owner].contains(person))
        #expect(list.firstIndex(of: other) == expected[owner].firstIndex(of: person))
      }
      #expect(!list.contains("x") && !list.contains(String(199_999_999_999_999)))
      #expect(world.edge(id, "feed").isEmpty)
    }
    #expect(world.nodes.count == people)
    #expect(world.people.map(\.id) == (0..<people).map(population.id))
  }

  @Test func idsAreReadExactly() throws {
    let population = try #require(try World.generated(people: 20, friends: 2).nodes.population)
    #expect(population.index(of: "200000000000019") == 19)
    for id in [
      "200000000000020", "20000000000001", "+20000000000001", "2000000000000019", "",
      "2000000000000x1", "199999999999999", "２00000000000001",
    ] {
      #expect(population.index(of: id) == nil, "\(id)")
    }
  }

  @Test func namesAreDrawnFromTheSeed() throws {
    let a = try World.generated(people: 1000, friends: 2, seed: 9)
    let b = try World.generated(people: 1000, friends: 2, seed: 10)
    let names = { (world: World) in world.people.compactMap { $0.string("name") } }
    #expect(names(a) == names(try World.generated(people: 1000, friends: 2, seed: 9)))
    #expect(names(a) != names(b))
    #expect(Set(names(a)).count > 100)
  }

  @Test func storedAndRemovedNodesOverrideComputedOnes() throws {
    var world = try World.generated(people: 10, friends: 4)
    let population = try #require(world.nodes.population)
    world.insert(
      Node(
        id: population.id(3), type: .user,
        fields: JSONObject([.init(key: "name", value: "Stored Person")])))
    #expect(world.nodes[population.id(3)]?.string("name") == "Stored Person")
    #expect(world.nodes.count == 10)
    world.remove(population.id(2))
    #expect(world.nodes[population.id(2)] == nil)
    #expect(world.nodes.count == 9)
    #expect(world.people.count == 9)
    #expect(Array(world.nodes.values).count == 9)
    #expect(world.edge(population.id(2), "friends").isEmpty)
    #expect(
      Array(world.edge(population.id(0), "friends"))
        == [1, 9, 8].map(population.id))
    world.link(population.id(0), "friends", population.id(5))
    #expect(world.edge(population.id(0), "friends").last == population.id(5))
    #expect(world.edge(population.id(1), "friends").contains(population.id(3)))
  }

  @Test func firstPersonIsTheFirstOfPeople() throws {
    var world = try World.generated(people: 500, friends: 2, seed: 4)
    let population = try #require(world.nodes.population)
    world.insert(
      Node(
        id: population.id(7), type: .user, fields: JSONObject([.init(key: "name", value: "Zed")])))
    world.insert(
      Node(id: "100", type: .user, fields: JSONObject([.init(key: "first_name", value: "Ben")])))
    for name in ["Ben", "Zed", "Maya", "Nobody"] {
      let matches = { (node: Node) in
        node.string("first_name") == name || node.string("name") == name
      }
      #expect(world.firstPerson(where: matches)?.id == world.people.first(where: matches)?.id)
    }
  }

  @Test func tooManyPeopleIsAnError() {
    #expect(
      throws: EmulatorError.invalidGeneratedWorld(
        "people must be at most 100000000, found 100000001")
    ) { try World.generated(people: 100_000_001, friends: 2) }
  }
}
