import GraphJSON
import GraphJSONTestSupport
import Testing

/// 100,000 `add /a/0` took 31 s and 100,000 moves more than a minute: each moved every element
/// of the array. Arrays are held in chunks while a patch is applied now (the speed itself is
/// measured by `graph-bench growth`; the limit here only catches a return to quadratic).
@Suite struct PatchScaleTests {
  static let size = 100_000

  @Test(.timeLimit(.minutes(1)))
  func manyInsertionsAtTheFront() throws {
    let patch = JSONPatch(
      (0..<Self.size).map {
        .add(path: JSONPointer(tokens: ["a", "0"]), value: .number(JSONNumber($0)))
      })
    let result = try patch.apply(to: ["a": []])
    let items = try #require(result["a"]?.arrayValue)
    #expect(items.count == Self.size)
    #expect(items.first == .number(JSONNumber(Self.size - 1)))
    #expect(items.last == 0)
    #expect(items[1234] == .number(JSONNumber(Self.size - 1 - 1234)))
  }

  @Test(.timeLimit(.minutes(1)))
  func manyMovesFromFrontToBack() throws {
    let numbers = JSONValue.array((0..<Self.size).map { .number(JSONNumber($0)) })
    let patch = JSONPatch(
      (0..<Self.size + 7).map { _ in
        .move(from: JSONPointer(tokens: ["a", "0"]), path: JSONPointer(tokens: ["a", "-"]))
      })
    let result = try patch.apply(to: ["a": numbers, "b": true])
    let items = try #require(result["a"]?.arrayValue)
    #expect(items.count == Self.size)
    #expect(items.first == 7)
    #expect(items[Self.size - 7] == 0)
    #expect(result["b"] == true)
  }

  /// Inserts and removals spread over the array land where a plain array would put them.
  @Test func chunkedArraysBehaveLikeArrays() throws {
    var expected: [JSONValue] = (0..<3000).map { .number(JSONNumber($0)) }
    var operations: [JSONPatch.Operation] = []
    var generator = SeededRandomNumberGenerator(seed: 15)
    for step in 0..<4000 {
      if step % 3 == 2, !expected.isEmpty {
        let i = Int.random(in: 0..<expected.count, using: &generator)
        expected.remove(at: i)
        operations.append(.remove(path: JSONPointer(tokens: ["a", String(i)])))
      } else {
        let i = Int.random(in: 0...expected.count, using: &generator)
        let value = JSONValue.string("s\(step)")
        expected.insert(value, at: i)
        operations.append(.add(path: JSONPointer(tokens: ["a", String(i)]), value: value))
      }
    }
    let start: JSONValue = ["a": .array((0..<3000).map { .number(JSONNumber($0)) })]
    #expect(try JSONPatch(operations).apply(to: start) == ["a": .array(expected)])
  }
}
