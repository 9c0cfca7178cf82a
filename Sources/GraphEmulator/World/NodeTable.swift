/// Every node of a world by id: the stored ones, and a generated world's people, which are
/// computed when looked up (see `World.generated(people:friends:seed:defaultUserFriends:)`).
public struct NodeTable: Sendable {
  /// Nodes held as values: the whole of a world file or the default world, and whatever a
  /// session writes.
  var stored: [String: Node]
  /// A generated world's people.
  let population: GeneratedPopulation?
  /// Generated people taken out of the world.
  private(set) var removedPeople: Set<Int> = []

  init(_ stored: [String: Node] = [:], population: GeneratedPopulation? = nil) {
    self.stored = stored
    self.population = population
  }

  /// The node with `id`, if the world has one; setting stores it (`nil` removes it).
  public subscript(id: String) -> Node? {
    get {
      if let node = stored[id] { return node }
      guard let population, let n = population.index(of: id) else { return nil }
      guard removedPeople.isEmpty || !removedPeople.contains(n) else { return nil }
      return population.node(n)
    }
    set {
      if let population, let n = population.index(of: id) {
        if newValue == nil { removedPeople.insert(n) } else { removedPeople.remove(n) }
      }
      stored[id] = newValue
    }
  }

  /// How many nodes.
  public var count: Int {
    guard let population else { return stored.count }
    return stored.count + population.count - hidden.count
  }

  /// Every node: the stored ones (in no particular order), then the generated people in id
  /// order. Generated people are made as the sequence reaches them.
  public var values: Values { Values(table: self) }

  /// Generated people that are not computed: stored over or removed.
  var hidden: Set<Int> {
    guard let population else { return [] }
    return removedPeople.union(stored.keys.compactMap { population.index(of: $0) })
  }

  /// The nodes of a table, stored ones first.
  public struct Values: Sequence, Sendable {
    let table: NodeTable

    public func makeIterator() -> Iterator {
      Iterator(
        stored: table.stored.values.makeIterator(), population: table.population,
        hidden: table.hidden)
    }

    /// Walks the stored nodes, then the generated people.
    public struct Iterator: IteratorProtocol {
      var stored: Dictionary<String, Node>.Values.Iterator
      let population: GeneratedPopulation?
      let hidden: Set<Int>
      var position = 0

      public mutating func next() -> Node? {
        if let node = stored.next() { return node }
        guard let population else { return nil }
        while position < population.count {
          defer { position += 1 }
          if hidden.isEmpty || !hidden.contains(position) { return population.node(position) }
        }
        return nil
      }
    }
  }
}
