/// Gives array elements small integer tokens for alignment: objects carrying one of the key
/// members get a token per key value (so the same entity matches even when its other fields
/// changed); every other element gets a token per distinct value.
struct TokenTable {
  private struct Identity: Hashable {
    /// The position of the key member's name in `keys`, or -1 for an element identified by
    /// its whole value.
    let keyIndex: Int
    let value: JSONValue
    let hash: Int
    let hasher: ValueHasher

    static func == (lhs: Identity, rhs: Identity) -> Bool {
      lhs.hash == rhs.hash && lhs.keyIndex == rhs.keyIndex
        && lhs.hasher.equal(lhs.value, rhs.value)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
  }

  let hasher: ValueHasher
  let keys: [String]
  private var ids: [Identity: Int32] = [:]

  init(hasher: ValueHasher, keys: [String], capacity: Int = 0) {
    self.hasher = hasher
    self.keys = keys
    ids.reserveCapacity(capacity)
  }

  /// The element's token, and whether it was identified by a key member.
  ///
  /// - Complexity: O(size of the element) for unkeyed elements, O(1) amortised for keyed.
  mutating func token(for element: JSONValue) -> (id: Int32, keyed: Bool) {
    if case .object(let object) = element {
      for (keyIndex, key) in keys.enumerated() {
        guard let value = object[key] else { continue }
        switch value {
        case .string, .number:
          let hash = hasher.hash(value) &+ keyIndex &* 0x9E37_79B9
          return (
            intern(Identity(keyIndex: keyIndex, value: value, hash: hash, hasher: hasher)), true
          )
        default:
          continue
        }
      }
    }
    return (
      intern(Identity(keyIndex: -1, value: element, hash: hasher.hash(element), hasher: hasher)),
      false
    )
  }

  private mutating func intern(_ identity: Identity) -> Int32 {
    if let id = ids[identity] { return id }
    let id = Int32(ids.count)
    ids[identity] = id
    return id
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
