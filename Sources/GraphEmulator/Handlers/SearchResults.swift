/// What a search found, in answer order, read a page at a time: a list of ids, or a generated
/// world's stored matches (sorted by id) merged by id with its people's matches
/// (`PopulationSearch`), which are never listed whole.
struct SearchResults {
  private let ids: [String]
  private let population: PopulationSearch?
  /// Each stored match's place among all results, in order.
  private let storedPlaces: [Int]
  /// How many results there are.
  let count: Int

  init(_ ids: [String]) {
    self.ids = ids
    population = nil
    storedPlaces = []
    count = ids.count
  }

  /// The stored matches `stored` (sorted by id) and the people `population` finds, by id.
  init(stored: [String], population search: PopulationSearch) {
    ids = stored
    population = search
    let people = search.population
    // The people's ids are 15 digits from `firstID` up, so a stored id's place among them is
    // found by comparing ids as strings, as the sort by id does.
    storedPlaces = stored.enumerated().map { index, id in
      var lo = 0
      var hi = people.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if people.id(mid) < id { lo = mid + 1 } else { hi = mid }
      }
      return index + search.count(below: lo)
    }
    count = stored.count + search.count(below: people.count)
  }

  /// The ids of results `range`.
  func ids(_ range: Range<Int>) -> [String] {
    guard let population else { return Array(ids[range]) }
    var storedIndex = storedPlaces.firstIndex { $0 >= range.lowerBound } ?? storedPlaces.count
    let people = population.matches(
      skipping: range.lowerBound - storedIndex, limit: range.count)
    var peopleIndex = 0
    var out: [String] = []
    for place in range {
      if storedIndex < storedPlaces.count, storedPlaces[storedIndex] == place {
        out.append(ids[storedIndex])
        storedIndex += 1
      } else if peopleIndex < people.count {
        out.append(population.population.id(people[peopleIndex]))
        peopleIndex += 1
      }
    }
    return out
  }
}
