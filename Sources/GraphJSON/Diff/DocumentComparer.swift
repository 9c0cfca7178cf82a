#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `ValueHasher`'s hashing and equality read on documents' tapes, allocating nothing for
/// scalars and objects of ASCII names: objects as sets of names (the last of repeated names
/// wins; names compared as Swift compares strings, as `ValueHasher` does), numbers by decimal
/// value (`1.0` equals `1`) unless `exact`, strings by their bytes.
///
/// With `bytewiseNames`, names compare by their bytes, as `JSONValue`'s `==` compares them:
/// then `equal` is that `==` (what a merge patch's exactness is judged by; such a comparer
/// is for `equal` alone).
struct DocumentComparer: DiffComparer {
  typealias Node = JSONDocument.Value
  private typealias Storage = JSONDocument.Storage

  let exact: Bool
  let bytewiseNames: Bool

  init(exact: Bool) { self.init(exact: exact, bytewiseNames: false) }

  init(exact: Bool, bytewiseNames: Bool) {
    self.exact = exact
    self.bytewiseNames = bytewiseNames
  }

  func hash(_ node: JSONDocument.Value) -> Int { hash(node.storage, node.index) }

  func equal(_ a: JSONDocument.Value, _ b: JSONDocument.Value) -> Bool {
    equal(a.storage, a.index, b.storage, b.index)
  }

  /// - Complexity: O(size of the value); objects of more than 16 members go through a
  ///   dictionary of names, as in `ValueHasher`.
  private func hash(_ s: Storage, _ at: Int) -> Int {
    var hasher = Hasher()
    let word = s.tape[at]
    switch JSONTape.tag(word) {
    case JSONTape.null: hasher.combine(0 as UInt8)
    case JSONTape.true: hasher.combine(1 as UInt8)
    case JSONTape.false: hasher.combine(2 as UInt8)
    case JSONTape.inlineNumber, JSONTape.number:
      hasher.combine(3 as UInt8)
      s.withText(at: at) { ValueHasher.combineNumber($0, exact: exact, into: &hasher) }
    case JSONTape.inlineString, JSONTape.string:
      hasher.combine(4 as UInt8)
      s.withText(at: at) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    case JSONTape.array:
      hasher.combine(5 as UInt8)
      hasher.combine(Self.count(s, at))
      var child = at + 1
      let end = JSONTape.low(word)
      while child < end {
        hasher.combine(hash(s, child))
        child = s.next(after: child)
      }
    default:
      hasher.combine(6 as UInt8)
      let end = JSONTape.low(word)
      let last = Self.count(s, at) > 16 ? Self.lastPositions(s, at) : nil
      var total = 0
      var count = 0
      var key = at + 1
      while key < end {
        let following = s.next(after: key + 1)
        let isLast: Bool
        if let last {
          isLast = last[s.string(at: key)] == key
        } else {
          isLast = !repeats(s, key, from: following, end: end)
        }
        if isLast {
          var h = Hasher()
          h.combine(s.string(at: key))
          h.combine(hash(s, key + 1))
          total = total &+ h.finalize()
          count += 1
        }
        key = following
      }
      hasher.combine(count)
      hasher.combine(total)
    }
    return hasher.finalize()
  }

  private func equal(_ s: Storage, _ a: Int, _ t: Storage, _ b: Int) -> Bool {
    let wordA = s.tape[a]
    let wordB = t.tape[b]
    let tagA = JSONTape.tag(wordA)
    let tagB = JSONTape.tag(wordB)
    switch tagA {
    case JSONTape.null, JSONTape.true, JSONTape.false:
      return tagA == tagB
    case JSONTape.inlineNumber, JSONTape.number:
      guard tagB == JSONTape.inlineNumber || tagB == JSONTape.number else { return false }
      if Self.sameBytes(s, a, t, b) { return true }
      return !exact && JSONNumber(text: s.string(at: a)) == JSONNumber(text: t.string(at: b))
    case JSONTape.inlineString, JSONTape.string:
      guard tagB == JSONTape.inlineString || tagB == JSONTape.string else { return false }
      return Self.sameBytes(s, a, t, b)
    case JSONTape.array:
      guard tagB == JSONTape.array, Self.count(s, a) == Self.count(t, b) else { return false }
      var x = a + 1
      var y = b + 1
      let end = JSONTape.low(wordA)
      while x < end {
        if !equal(s, x, t, y) { return false }
        x = s.next(after: x)
        y = t.next(after: y)
      }
      return true
    default:
      guard tagB == JSONTape.object else { return false }
      let endA = JSONTape.low(wordA)
      let endB = JSONTape.low(wordB)
      guard Self.count(s, a) == Self.count(t, b) else { return equalUnordered(s, a, t, b) }
      var x = a + 1
      var y = b + 1
      while x < endA {
        if !sameName(s, x, t, y) { return equalUnordered(s, a, t, b) }
        x = s.next(after: x + 1)
        y = t.next(after: y + 1)
      }
      // Same names in the same order: the last occurrences sit at the same positions.
      x = a + 1
      y = b + 1
      while x < endA, y < endB {
        let following = s.next(after: x + 1)
        if !equal(s, x + 1, t, y + 1), !repeats(s, x, from: following, end: endA) {
          return false
        }
        x = following
        y = t.next(after: y + 1)
      }
      return true
    }
  }

  /// Objects whose names differ in order: compared as dictionaries of their last members.
  private func equalUnordered(_ s: Storage, _ a: Int, _ t: Storage, _ b: Int) -> Bool {
    if bytewiseNames {
      let left = Self.lastPositions(s, a, JSONObject.ExactKey.init)
      let right = Self.lastPositions(t, b, JSONObject.ExactKey.init)
      guard left.count == right.count else { return false }
      for (name, x) in left {
        guard let y = right[name], equal(s, x + 1, t, y + 1) else { return false }
      }
      return true
    }
    let left = Self.lastPositions(s, a)
    let right = Self.lastPositions(t, b)
    guard left.count == right.count else { return false }
    for (name, x) in left {
      guard let y = right[name], equal(s, x + 1, t, y + 1) else { return false }
    }
    return true
  }

  /// The number of elements or members of the container at `at`.
  private static func count(_ s: Storage, _ at: Int) -> Int {
    let stored = JSONTape.field(s.tape[at])
    guard stored == Int(JSONTape.fieldMask) else { return stored }
    let keyed = JSONTape.tag(s.tape[at]) == JSONTape.object
    var n = 0
    var child = at + 1
    while child < JSONTape.low(s.tape[at]) {
      n += 1
      child = s.next(after: keyed ? child + 1 : child)
    }
    return n
  }

  /// Per name of the object at `at` (as `name` makes it a dictionary key), the tape position
  /// of its last member's name.
  private static func lastPositions<Name: Hashable>(
    _ s: Storage, _ at: Int, _ name: (String) -> Name
  ) -> [Name: Int] {
    var result: [Name: Int] = [:]
    var key = at + 1
    while key < JSONTape.low(s.tape[at]) {
      result[name(s.string(at: key))] = key
      key = s.next(after: key + 1)
    }
    return result
  }

  /// Per name of the object at `at`, the tape position of its last member's name.
  private static func lastPositions(_ s: Storage, _ at: Int) -> [String: Int] {
    lastPositions(s, at) { $0 }
  }

  /// Whether the name at `key` occurs again among the members from `from` up to `end`.
  private func repeats(_ s: Storage, _ key: Int, from: Int, end: Int) -> Bool {
    var other = from
    while other < end {
      if sameName(s, key, s, other) { return true }
      other = s.next(after: other + 1)
    }
    return false
  }

  /// Whether the two texts are the same bytes.
  private static func sameBytes(_ s: Storage, _ a: Int, _ t: Storage, _ b: Int) -> Bool {
    s.withText(at: a) { x in
      t.withText(at: b) { y in
        x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
      }
    }
  }

  /// Whether two member names are equal as Swift's `==` compares them (canonical
  /// equivalence): by bytes, and as strings only when a name is not ASCII; by bytes alone with
  /// `bytewiseNames`.
  private func sameName(_ s: Storage, _ a: Int, _ t: Storage, _ b: Int) -> Bool {
    if bytewiseNames { return Self.sameBytes(s, a, t, b) }
    return Self.sameName(s, a, t, b)
  }

  private static func sameName(_ s: Storage, _ a: Int, _ t: Storage, _ b: Int) -> Bool {
    s.withText(at: a) { x in
      t.withText(at: b) { y in
        if x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
        {
          return true
        }
        if x.allSatisfy({ $0 < 0x80 }) && y.allSatisfy({ $0 < 0x80 }) { return false }
        return String(decoding: x, as: UTF8.self) == String(decoding: y, as: UTF8.self)
      }
    }
  }
}
