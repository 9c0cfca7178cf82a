/// Gives array elements small integer tokens for alignment: objects carrying one of the key
/// members get a token per key value (so the same entity matches even when its other fields
/// changed); every other element gets a token per distinct value.
///
/// Held compactly (issue 48: `diff`'s peak memory): one value, hash and key index per distinct
/// token, and an open-addressing index of 4-byte slots at most half full, instead of a
/// dictionary keyed by a 40-byte identity reserved for every element of both arrays (45 MB
/// of a 53 MB pair's diff).
struct TokenTable<Node: DiffNode> {
  let hasher: Node.Comparer
  let keys: [String]
  /// Per token: the value it stands for (the element, or its key member's value), its hash
  /// and the key's position in `keys` (-1 for an element identified by its whole value).
  private var values: [Node] = []
  private var hashes: [Int] = []
  private var keyIndices: [Int32] = []
  /// Token + 1 per slot, 0 for an empty slot; a power of two long.
  private var slots: [Int32]

  init(hasher: Node.Comparer, keys: [String], capacity: Int = 0) {
    self.hasher = hasher
    self.keys = keys
    // Room for `capacity` tokens at most half full (elements that repeat share one).
    var count = 16
    while count < capacity * 2 { count <<= 1 }
    slots = [Int32](repeating: 0, count: count)
  }

  /// How many distinct tokens were given.
  var count: Int { values.count }

  /// The element's token, and whether it was identified by a key member.
  ///
  /// - Complexity: O(size of the element) for unkeyed elements, O(1) amortised for keyed.
  mutating func token(for element: Node) -> (id: Int32, keyed: Bool) {
    for (keyIndex, key) in keys.enumerated() {
      guard let value = element.diffMember(key), value.isStringOrNumber else { continue }
      let hash = hasher.hash(value) &+ keyIndex &* 0x9E37_79B9
      return (intern(value, hash: hash, keyIndex: Int32(keyIndex)), true)
    }
    return (intern(element, hash: hasher.hash(element), keyIndex: -1), false)
  }

  /// The tokens of `elements` in order, and whether each was identified by a key member.
  mutating func tokens(for elements: ArraySlice<Node>) -> (ids: [Int32], keyed: [Bool]) {
    var ids: [Int32] = []
    var keyed: [Bool] = []
    ids.reserveCapacity(elements.count)
    keyed.reserveCapacity(elements.count)
    for element in elements {
      let token = token(for: element)
      ids.append(token.id)
      keyed.append(token.keyed)
    }
    return (ids, keyed)
  }

  private mutating func intern(_ value: Node, hash: Int, keyIndex: Int32) -> Int32 {
    var slot = Self.mix(hash) & (slots.count - 1)
    while slots[slot] != 0 {
      let token = Int(slots[slot] - 1)
      if hashes[token] == hash, keyIndices[token] == keyIndex, hasher.equal(values[token], value) {
        return Int32(token)
      }
      slot = (slot + 1) & (slots.count - 1)
    }
    let token = Int32(values.count)
    values.append(value)
    hashes.append(hash)
    keyIndices.append(keyIndex)
    slots[slot] = token + 1
    if values.count * 2 > slots.count { grow() }
    return token
  }

  /// Doubles the index and places every token again.
  private mutating func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for token in hashes.indices {
      var slot = Self.mix(hashes[token]) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(token + 1)
    }
  }

  /// Spreads a hash's bits over the low ones the index uses (`Hasher`'s are good already;
  /// the key offset added to them is not).
  @inline(__always)
  private static func mix(_ hash: Int) -> Int {
    let mixed = UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15
    return Int(bitPattern: mixed ^ (mixed >> 29))
  }
}

/// A Fenwick (binary indexed) tree of counts: point updates and prefix sums in O(log n).
struct FenwickTree {
  private var tree: [Int]

  init(count: Int) { tree = [Int](repeating: 0, count: count + 1) }

  /// Adds `delta` at `index`.
  mutating func add(_ index: Int, _ delta: Int) {
    var i = index + 1
    while i < tree.count {
      tree[i] += delta
      i += i & -i
    }
  }

  /// The sum of the counts at indices below `index`.
  func prefix(_ index: Int) -> Int {
    var i = index
    var sum = 0
    while i > 0 {
      sum += tree[i]
      i -= i & -i
    }
    return sum
  }
}
