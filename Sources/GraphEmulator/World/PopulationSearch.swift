import Synchronization

/// `search?type=user` over a generated world's people without making a node of each (issue 32:
/// 3.7 s of CPU at 4,000,000 people, and as much again for each further page).
///
/// A person matches a query by their name pair alone (a first and a last name of
/// `DefaultWorld`'s lists), so a query is first decided for each of the few pairs (`pairs`).
/// The people are counted by pair in blocks of `blockSize` once, the first time a search needs
/// it; the `k`-th match is then found by adding up the blocks' counts of the matching pairs and
/// scanning one block, so every page costs about the same wherever it starts. People taken out
/// of the population (`hidden`: removed, or stored over with a node of their own) never match.
struct PopulationSearch {
  /// People per counted block (a block's count of one pair fits in a `UInt16`).
  static let blockSize = 32_768

  let population: GeneratedPopulation
  /// Whether each name pair (`first + 256 * last`) matches.
  let pairs: [Bool]
  /// The matching pairs by their index in a block's counts (`first + firsts * last`).
  let matchingPairs: [Int]
  /// Generated people that are not computed, in increasing order.
  let hidden: [Int]

  init(population: GeneratedPopulation, hidden: Set<Int>, matches: (String, String) -> Bool) {
    self.population = population
    var pairs = [Bool](repeating: false, count: 65_536)
    var matching: [Int] = []
    for (f, first) in DefaultWorld.firstNames.enumerated() {
      for (l, last) in DefaultWorld.lastNames.enumerated() where matches(first, last) {
        pairs[f + 256 * l] = true
        matching.append(GeneratedPopulation.pairIndex(first: f, last: l))
      }
    }
    self.pairs = pairs
    matchingPairs = matching
    self.hidden = hidden.sorted()
  }

  /// Whether no one can match (no name pair does).
  var isEmpty: Bool { matchingPairs.isEmpty }

  /// How many people before `n` match.
  func count(below n: Int) -> Int {
    guard !isEmpty else { return 0 }
    let counts = population.pairCounts(blockSize: Self.blockSize)
    let block = n / Self.blockSize
    var total = 0
    for b in 0..<block { total += blockCount(b, counts) }
    total += scanCount(from: block * Self.blockSize, to: n)
    return total - hidden.prefix { $0 < n }.filter(isMatch).count
  }

  /// The person of the `k`-th match (from 0) and the matches after it, up to `limit` in all:
  /// the people a page shows, in id order.
  func matches(skipping k: Int, limit: Int) -> [Int] {
    guard !isEmpty, limit > 0 else { return [] }
    let counts = population.pairCounts(blockSize: Self.blockSize)
    let blocks = (population.count + Self.blockSize - 1) / Self.blockSize
    // The block holding the k-th match, by the blocks' counts less the hidden matches in them.
    var remaining = k
    var block = 0
    while block < blocks {
      let lower = block * Self.blockSize
      let upper = min(population.count, lower + Self.blockSize)
      let inBlock = blockCount(block, counts) - hiddenMatches(in: lower..<upper)
      if remaining < inBlock { break }
      remaining -= inBlock
      block += 1
    }
    var out: [Int] = []
    var n = block * Self.blockSize
    population.withNamePairs { names in
      while n < population.count, out.count < limit {
        // Whole blocks without a match are skipped by their counts.
        if n % Self.blockSize == 0, remaining == 0, blockCount(n / Self.blockSize, counts) == 0 {
          n += Self.blockSize
          continue
        }
        if pairs[Int(UInt16(littleEndian: names[n]))], !isHidden(n) {
          if remaining == 0 { out.append(n) } else { remaining -= 1 }
        }
        n += 1
      }
    }
    return out
  }

  private func isMatch(_ n: Int) -> Bool {
    population.withNamePairs { pairs[Int(UInt16(littleEndian: $0[n]))] }
  }

  private func isHidden(_ n: Int) -> Bool {
    guard !hidden.isEmpty else { return false }
    var lo = 0
    var hi = hidden.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if hidden[mid] < n { lo = mid + 1 } else { hi = mid }
    }
    return lo < hidden.count && hidden[lo] == n
  }

  private func hiddenMatches(in range: Range<Int>) -> Int {
    guard !hidden.isEmpty else { return 0 }
    return hidden.filter { range.contains($0) && isMatch($0) }.count
  }

  private func blockCount(_ block: Int, _ counts: [UInt16]) -> Int {
    let base = block * GeneratedPopulation.pairCount
    var total = 0
    for pair in matchingPairs { total += Int(counts[base + pair]) }
    return total
  }

  private func scanCount(from lower: Int, to upper: Int) -> Int {
    guard lower < upper else { return 0 }
    return population.withNamePairs { names in
      var total = 0
      for n in lower..<upper where pairs[Int(UInt16(littleEndian: names[n]))] { total += 1 }
      return total
    }
  }
}
