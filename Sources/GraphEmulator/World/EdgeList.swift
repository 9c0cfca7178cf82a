/// The ids on one edge, in the order Graph lists them: a stored list, or a generated
/// person's friends worked out on demand (so a million-friend list costs nothing until a page
/// of it is read).
struct EdgeList: RandomAccessCollection, Sendable {
  private enum Storage: Sendable {
    case stored([String])
    case generated(GeneratedPopulation, owner: Int)
  }

  private let storage: Storage

  /// A stored list.
  init(_ ids: [String] = []) { storage = .stored(ids) }

  init(population: GeneratedPopulation, owner: Int) {
    storage = .generated(population, owner: owner)
  }

  var startIndex: Int { 0 }

  var endIndex: Int {
    switch storage {
    case .stored(let ids): return ids.count
    case .generated(let population, let owner): return population.friendCount(of: owner)
    }
  }

  subscript(position: Int) -> String {
    switch storage {
    case .stored(let ids): return ids[position]
    case .generated(let population, let owner):
      precondition(position >= 0 && position < endIndex, "EdgeList index out of range")
      return population.id(population.friend(position, of: owner))
    }
  }

  /// Whether `id` is on the list (without walking a generated list).
  func contains(_ id: String) -> Bool { firstIndex(of: id) != nil }

  /// The first position of `id` (without walking a generated list).
  func firstIndex(of id: String) -> Int? {
    switch storage {
    case .stored(let ids): return ids.firstIndex(of: id)
    case .generated(let population, let owner):
      return population.index(of: id).flatMap { population.position(of: $0, in: owner) }
    }
  }

}
