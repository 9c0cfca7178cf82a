import GraphJSON
import GraphJSONTestSupport
import Testing

/// Law tests over seeded random document pairs: `apply(diff(a, b), a) == b`, `diff(a, a)` is
/// empty, and the diff is empty exactly when the documents are equal.
@Suite struct DiffPropertyTests {
  static let seeds: [UInt64] = Array(1...60)

  @Test(arguments: seeds)
  func patchOfDiffTurnsOldIntoNew(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    for _ in 0..<20 {
      let a = random.document(depth: 3)
      let b = random.mutated(a, depth: 3)
      for options in [
        JSONDiffOptions(), JSONDiffOptions(keys: []), JSONDiffOptions(exactNumbers: true),
      ] {
        let result = JSONDiff.diff(a, b, options: options)
        let applied = try result.patch.apply(to: a)
        #expect(
          JSONDiff.equal(applied, b, options: options),
          "seed \(seed): \(a.compactText) → \(b.compactText)")
        #expect(result.isEmpty == JSONDiff.equal(a, b, options: options))
        #expect(result.isEmpty == result.patch.isEmpty)
      }
    }
  }

  @Test(arguments: seeds)
  func diffOfEqualDocumentsIsEmpty(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let a = random.document(depth: 4)
    #expect(JSONDiff.diff(a, a).isEmpty)
    #expect(JSONDiff.diff(a, a, options: JSONDiffOptions(ignoreOrder: true)).isEmpty)
  }

  @Test(arguments: seeds)
  func unorderedPatchGivesTheSameMultiset(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    for _ in 0..<10 {
      let a = random.document(depth: 3)
      let b = random.mutated(a, depth: 3)
      let options = JSONDiffOptions(ignoreOrder: true)
      let result = JSONDiff.diff(a, b, options: options)
      let applied = try result.patch.apply(to: a)
      #expect(JSONDiff.equal(applied, b, options: options))
      #expect(JSONDiff.diff(applied, b, options: options).isEmpty)
    }
  }

  @Test(arguments: seeds)
  func shuffledKeyedArraysShowOnlyMoves(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let items: [JSONValue] = (0..<30).map { i in
      ["id": .string("\(1000 + i)"), "name": .string("n\(i)"), "n": .number(JSONNumber(i))]
    }
    var shuffled = items
    for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
      shuffled.swapAt(i, Int(random.next() % UInt64(i + 1)))
    }
    let a: JSONValue = ["data": .array(items)]
    let b: JSONValue = ["data": .array(shuffled)]
    let result = JSONDiff.diff(a, b)
    #expect(
      result.differences.allSatisfy {
        if case .moved = $0.change { return true }
        return false
      })
    #expect(try result.patch.apply(to: a) == b)
    #expect(result.patch.operations.allSatisfy { $0.name == "move" })
  }
}

/// Random documents and edits on a seeded generator, so every failure names a reproducible seed.
struct SeededRandom {
  private var generator: SeededRandomNumberGenerator

  init(seed: UInt64) {
    generator = SeededRandomNumberGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15)
  }

  mutating func next() -> UInt64 { generator.next() }

  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

  mutating func scalar() -> JSONValue {
    switch below(7) {
    case 0: return .null
    case 1: return .bool(below(2) == 0)
    case 2: return .number(JSONNumber(below(5)))
    case 3: return .number(JSONNumber(text: ["1.0", "1", "2.50", "1e2", "-0", "100"][below(6)]))
    case 4: return .string(["a", "b", "c", "Ann", "x/y", "t~1"][below(6)])
    default: return .string("s\(below(20))")
    }
  }

  mutating func key() -> String { ["id", "name", "a", "b", "c", "data", "x/y", "m~n"][below(8)] }

  mutating func document(depth: Int) -> JSONValue {
    if depth == 0 || below(4) == 0 { return scalar() }
    switch below(3) {
    case 0:
      return .array((0..<below(6)).map { _ in document(depth: depth - 1) })
    case 1:
      // Keyed elements, as in a Graph `data` array.
      return .array(
        (0..<below(8)).map { _ in
          var object = JSONObject()
          object.append("id", .string("\(below(10))"))
          object.append("v", document(depth: depth - 1))
          return .object(object)
        })
    default:
      var object = JSONObject()
      for _ in 0..<below(5) { object[key()] = document(depth: depth - 1) }
      return .object(object)
    }
  }

  /// A copy of `value` with random edits: changed scalars, added and removed members,
  /// inserted, removed and moved elements.
  mutating func mutated(_ value: JSONValue, depth: Int) -> JSONValue {
    if below(6) == 0 { return document(depth: depth) }
    switch value {
    case .object(var object):
      for i in object.members.indices where below(3) == 0 {
        object.members[i].value = mutated(object.members[i].value, depth: max(depth - 1, 0))
      }
      if below(3) == 0, !object.members.isEmpty {
        object.members.remove(at: below(object.members.count))
      }
      if below(3) == 0 { object[key()] = document(depth: max(depth - 1, 0)) }
      if below(4) == 0 { object.members.reverse() }
      return .object(object)
    case .array(var items):
      for i in items.indices where below(3) == 0 {
        items[i] = mutated(items[i], depth: max(depth - 1, 0))
      }
      if below(3) == 0, !items.isEmpty { items.remove(at: below(items.count)) }
      if below(3) == 0 {
        items.insert(document(depth: max(depth - 1, 0)), at: below(items.count + 1))
      }
      if below(3) == 0, items.count > 1 {
        let moved = items.remove(at: below(items.count))
        items.insert(moved, at: below(items.count + 1))
      }
      return .array(items)
    default:
      return below(2) == 0 ? value : scalar()
    }
  }
}

/// Long arrays take the anchored path (split at unique elements) and the Myers budget.
@Suite struct DiffLargeArrayTests {
  @Test(arguments: [11, 12, 13, 14] as [UInt64])
  func longArraysRoundTrip(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var keyed: [JSONValue] = (0..<800).map { i in
      ["id": .string("\(i)"), "n": .number(JSONNumber(i))]
    }
    var numbers: [JSONValue] = (0..<800).map { _ in .number(JSONNumber(random.below(4))) }
    let a: JSONValue = ["keyed": .array(keyed), "numbers": .array(numbers)]
    for _ in 0..<40 {
      switch random.below(4) {
      case 0: keyed.remove(at: random.below(keyed.count))
      case 1:
        keyed.insert(["id": .string("new\(random.next())")], at: random.below(keyed.count + 1))
      case 2:
        let item = keyed.remove(at: random.below(keyed.count))
        keyed.insert(item, at: random.below(keyed.count + 1))
      default: keyed[random.below(keyed.count)] = ["id": keyed[0]["id"] ?? .null, "changed": true]
      }
      numbers[random.below(numbers.count)] = .number(JSONNumber(random.below(9)))
      numbers.insert(.number(JSONNumber(random.below(4))), at: random.below(numbers.count))
    }
    let b: JSONValue = ["keyed": .array(keyed), "numbers": .array(numbers)]
    let result = JSONDiff.diff(a, b)
    #expect(try result.patch.apply(to: a) == b)
    #expect(!result.isEmpty)
  }

  @Test func reversedAndUnrelatedArraysStayCorrect() throws {
    let ids: [JSONValue] = (0..<2000).map { ["id": .string("\($0)")] }
    let reversed = JSONDiff.diff(.array(ids), .array(ids.reversed()))
    #expect(try reversed.patch.apply(to: .array(ids)) == .array(ids.reversed()))
    #expect(reversed.patch.operations.allSatisfy { $0.name == "move" })

    let numbers: [JSONValue] = (0..<2000).map { .number(JSONNumber($0)) }
    let others: [JSONValue] = (0..<2100).map { .number(JSONNumber($0 + 5000)) }
    let unrelated = JSONDiff.diff(.array(numbers), .array(others))
    #expect(try unrelated.patch.apply(to: .array(numbers)) == .array(others))

    let repeated: [JSONValue] = (0..<3000).map { .number(JSONNumber($0 % 3)) }
    let shifted: [JSONValue] = (0..<3000).map { .number(JSONNumber(($0 + 1) % 4)) }
    let noAnchors = JSONDiff.diff(.array(repeated), .array(shifted))
    #expect(try noAnchors.patch.apply(to: .array(repeated)) == .array(shifted))
  }
}
