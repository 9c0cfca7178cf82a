import GraphAPI
import GraphJSON

/// The people of a generated world, computed on demand: each person is two bytes (the
/// indices of a first and a last name), ids, nodes and friend lists are worked out when asked
/// for. The answers are the ones the world gave when it stored every node and list: ids
/// `200000000000000 + n`, names drawn from the seed in the same order, a ring lattice of
/// friends (the nearest ids above, then below) and, optionally, person 0 with persons
/// 1...`hub` as friends.
final class GeneratedPopulation: Sendable {
  /// The id of person 0; person `n` is `firstID + n`.
  static let firstID = 200_000_000_000_000
  /// The most people a generated world may have (two bytes each: 200 MB at the limit).
  static let maximumPeople = 100_000_000

  /// How many people.
  let count: Int
  /// Friends of everyone (but person 0 when `hub` is set).
  let friends: Int
  /// Person 0's friends (persons 1...hub) instead of the ring, when set.
  let hub: Int?
  /// Friends above each person in the ring (the rest lie below).
  private let up: Int
  /// First and last name indices, two bytes per person.
  private let names: [UInt8]
  /// How many people of each name pair each block of people holds (`PopulationSearch`),
  /// counted the first time a search asks.
  private let counted = Locked<(blockSize: Int, counts: [UInt16])?>(nil)

  /// How many name pairs there are.
  static let pairCount = DefaultWorld.firstNames.count * DefaultWorld.lastNames.count

  /// The index of a name pair in a block's counts.
  static func pairIndex(first: Int, last: Int) -> Int {
    first + DefaultWorld.firstNames.count * last
  }

  init(count: Int, friends: Int, seed: UInt64, hub: Int?) {
    self.count = count
    self.friends = friends
    self.hub = hub
    up = min(friends, max(1, friends / 2))
    var random = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    let firsts = UInt64(DefaultWorld.firstNames.count)
    let lasts = UInt64(DefaultWorld.lastNames.count)
    names = [UInt8](unsafeUninitializedCapacity: count * 2) { buffer, initialized in
      for n in 0..<count {
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        buffer[2 * n] = UInt8(random % firsts)
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        buffer[2 * n + 1] = UInt8(random % lasts)
      }
      initialized = count * 2
    }
  }

  /// The id of person `n`.
  func id(_ n: Int) -> String { String(Self.firstID + n) }

  /// `body` with each person's two name bytes as one little-endian number:
  /// `UInt16(littleEndian:)` of it is `first + 256 * last`.
  func withNamePairs<R>(_ body: (UnsafeBufferPointer<UInt16>) -> R) -> R {
    names.withUnsafeBytes { body($0.bindMemory(to: UInt16.self)) }
  }

  /// How many people of each name pair (`pairIndex`) each block of `blockSize` people holds:
  /// `pairCount` numbers per block. Counted once, in one pass.
  func pairCounts(blockSize: Int) -> [UInt16] {
    counted.withLock { cached in
      if let cached, cached.blockSize == blockSize { return cached.counts }
      let blocks = (count + blockSize - 1) / blockSize
      var counts = [UInt16](repeating: 0, count: blocks * Self.pairCount)
      let firsts = DefaultWorld.firstNames.count
      for n in 0..<count {
        let pair = Int(names[2 * n]) + firsts * Int(names[2 * n + 1])
        counts[(n / blockSize) * Self.pairCount + pair] &+= 1
      }
      cached = (blockSize, counts)
      return counts
    }
  }

  /// The person whose id is `id` (exactly as `id(_:)` writes it), if any.
  func index(of id: String) -> Int? {
    var value = 0
    var digits = 0
    for byte in id.utf8 {
      guard byte >= 0x30, byte <= 0x39, digits < 15 else { return nil }
      value = value * 10 + Int(byte - 0x30)
      digits += 1
    }
    guard digits == 15 else { return nil }
    let n = value - Self.firstID
    return n >= 0 && n < count ? n : nil
  }

  /// Person `n` as a node: `name`, `first_name`, `last_name`, `gender`, `locale`.
  func node(_ n: Int) -> Node {
    let first = DefaultWorld.firstNames[Int(names[2 * n])]
    let last = DefaultWorld.lastNames[Int(names[2 * n + 1])]
    return Node(
      id: id(n), type: .user,
      fields: JSONObject([
        .init(key: "name", value: .string(first + " " + last)),
        .init(key: "first_name", value: .string(first)),
        .init(key: "last_name", value: .string(last)),
        .init(key: "gender", value: n % 2 == 0 ? "female" : "male"),
        .init(key: "locale", value: "en_US"),
      ]))
  }

  /// How many friends person `owner` lists.
  func friendCount(of owner: Int) -> Int {
    if owner == 0, let hub { return hub }
    return friends
  }

  /// The person at `position` in `owner`'s friend list.
  func friend(_ position: Int, of owner: Int) -> Int {
    if owner == 0, hub != nil { return position + 1 }
    if position < up { return (owner + position + 1) % count }
    return ((owner - (position - up + 1)) % count + count) % count
  }

  /// The first position of person `person` in `owner`'s friend list, if it is there.
  func position(of person: Int, in owner: Int) -> Int? {
    if owner == 0, let hub { return person >= 1 && person <= hub ? person - 1 : nil }
    let above = (person - owner + count) % count
    if above >= 1, above <= up { return above - 1 }
    let below = (owner - person + count) % count
    if below >= 1, below <= friends - up { return up + below - 1 }
    return nil
  }
}
