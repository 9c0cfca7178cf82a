import Foundation
import GraphJSON
import GraphJSONTestSupport
import Testing

/// A diff read on two documents' tapes (`JSONDiff.diff` of `JSONDocument.Value`s, what
/// `graph-explorer diff` runs) gives the differences, the patch and the listing that the diff
/// of their trees gives, under every option: on seeded random pairs, on the edge cases of the
/// comparison rules, and on real documents (the recordings, the conformance suites).
@Suite struct DocumentDiffTests {
  static let optionSets: [JSONDiffOptions] =
    [
      JSONDiffOptions(), JSONDiffOptions(keys: []), JSONDiffOptions(keys: ["name", "id"]),
      JSONDiffOptions(exactNumbers: true), JSONDiffOptions(ignoreOrder: true),
      JSONDiffOptions(keys: [], ignoreOrder: true, exactNumbers: true),
    ] + ignoreSets.map { JSONDiffOptions(ignore: $0) } + [
      JSONDiffOptions(keys: [], ignoreOrder: true, ignore: ignoreSets[1]),
      JSONDiffOptions(ignore: ignoreSets[2], exactNumbers: true),
    ]

  /// `--ignore` patterns of every kind of step: a member, any depth, any element, an index,
  /// any member or element, the whole document.
  static let ignoreSets: [[JSONPathPattern]] = [
    ["a"], ["**.id"], ["[*].v", "data"], ["[1]", "**[0].name"], ["*.b", #"["x/y"]"#], ["**"],
  ].map { $0.map { try! JSONPathPattern(parsing: $0) } }

  /// Checks one pair of texts under every option set; returns how many differences it saw.
  @discardableResult
  static func expectSame(
    _ old: [UInt8], _ new: [UInt8], _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Int {
    let treeA = try JSONParser.parse(old)
    let treeB = try JSONParser.parse(new)
    let documentA = try JSONDocument(parsing: old)
    let documentB = try JSONDocument(parsing: new)
    var seen = 0
    for options in optionSets {
      let trees = JSONDiff.diff(treeA, treeB, options: options)
      let tapes = JSONDiff.diff(documentA.root, documentB.root, options: options)
      seen += trees.differences.count
      #expect(
        tapes.differences == trees.differences, "\(name) \(options)", sourceLocation: sourceLocation
      )
      #expect(tapes.patch == trees.patch, "\(name) \(options)", sourceLocation: sourceLocation)
      let printer = JSONPrinter(options: [.pretty])
      #expect(
        printer.string(tapes.patch.jsonValue) == printer.string(trees.patch.jsonValue),
        "\(name) \(options)", sourceLocation: sourceLocation)
      for renderer in [
        JSONDiffRenderer(), JSONDiffRenderer(color: true, context: 2),
        JSONDiffRenderer(context: 1, valueWidth: 20),
      ] {
        #expect(
          renderer.render(tapes) == renderer.render(trees), "\(name) \(options)",
          sourceLocation: sourceLocation)
      }
      #expect(tapes.old == trees.old && tapes.new == trees.new, sourceLocation: sourceLocation)
      // The merge patch made on the tapes: the same text, called exact alike.
      let merge = JSONMergePatch.printed(tapes, exactNumbers: options.exactNumbers)
      let treeMerge = JSONMergePatch.printed(trees, exactNumbers: options.exactNumbers)
      #expect(merge.text == treeMerge.text, "\(name) \(options)", sourceLocation: sourceLocation)
      #expect(
        merge.isExact == treeMerge.isExact, "\(name) \(options)", sourceLocation: sourceLocation)
    }
    return seen
  }

  @Test(arguments: Array(1...16) as [UInt64])
  func randomPairsDiffAlike(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    for round in 0..<6 {
      let a = random.document(depth: 4)
      let b = random.mutated(a, depth: 4)
      try Self.expectSame(
        Array(a.compactText.utf8), Array(b.compactText.utf8), "seed \(seed) round \(round)")
    }
  }

  /// `RandomJSON`'s awkward values (repeated names, non-ASCII names, `null`s, numbers of one
  /// value in two spellings), each against a copy with some of its parts replaced, removed or
  /// added: where a merge patch's exactness and the ignoring of parts could part from the trees.
  @Test(arguments: Array(1...12) as [UInt64])
  func awkwardPairsDiffAlike(seed: UInt64) throws {
    var random = SeededRandomNumberGenerator(seed: seed)
    for round in 0..<6 {
      let a = RandomJSON.value(using: &random, depth: 4)
      let b = Self.edited(a, using: &random)
      try Self.expectSame(
        Array(a.compactText.utf8), Array(b.compactText.utf8), "seed \(seed) round \(round)")
    }
  }

  /// `value` with some members and elements replaced by new random values, members removed,
  /// and members added (among them `null`s and names already there).
  static func edited(_ value: JSONValue, using random: inout SeededRandomNumberGenerator)
    -> JSONValue
  {
    switch value {
    case .object(var object):
      for i in object.members.indices where Int.random(in: 0..<3, using: &random) == 0 {
        object.members[i].value =
          Bool.random(using: &random)
          ? edited(object.members[i].value, using: &random)
          : RandomJSON.value(using: &random, depth: 2)
      }
      if !object.members.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
        object.members.remove(at: Int.random(in: 0..<object.members.count, using: &random))
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        let key = ["id", "a", "é", "n"].randomElement(using: &random)!
        object.append(key, Bool.random(using: &random) ? .null : RandomJSON.value(using: &random))
      }
      return .object(object)
    case .array(var items):
      for i in items.indices where Int.random(in: 0..<3, using: &random) == 0 {
        items[i] = edited(items[i], using: &random)
      }
      return .array(items)
    default:
      return Int.random(in: 0..<4, using: &random) == 0
        ? RandomJSON.value(using: &random, depth: 2) : value
    }
  }

  /// Long keyed and unkeyed arrays: trimmed ends, anchors, Myers, moves, gap pairing.
  @Test(arguments: [3] as [UInt64])
  func longArraysDiffAlike(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var keyed: [JSONValue] = (0..<400).map { i in
      ["id": .string("\(i)"), "n": .number(JSONNumber(i)), "from": ["name": .string("p\(i % 7)")]]
    }
    var plain: [JSONValue] = (0..<400).map { i in ["n": .number(JSONNumber(i % 5))] }
    let a: JSONValue = ["data": .array(keyed), "plain": .array(plain)]
    for _ in 0..<30 {
      switch random.below(4) {
      case 0: keyed.remove(at: random.below(keyed.count))
      case 1: keyed.insert(["id": .string("new\(random.next())")], at: random.below(keyed.count))
      case 2:
        let item = keyed.remove(at: random.below(keyed.count))
        keyed.insert(item, at: random.below(keyed.count + 1))
      default:
        let k = random.below(keyed.count)
        keyed[k] = ["id": keyed[k]["id"] ?? .null, "n": .number(JSONNumber(text: "1.0"))]
      }
      plain[random.below(plain.count)] = ["n": .number(JSONNumber(random.below(9))), "m": true]
      plain.insert(random.document(depth: 2), at: random.below(plain.count))
    }
    let b: JSONValue = ["data": .array(keyed), "plain": .array(plain)]
    let seen = try Self.expectSame(
      Array(a.compactText.utf8), Array(b.compactText.utf8), "seed \(seed)")
    #expect(seen > 0)
  }

  /// The comparison's rules where a tape and a tree could part: repeated names (the last
  /// wins), names equal only as Swift compares strings, numbers of one value in two
  /// spellings, strings equal only canonically, long texts, escapes, containers of 17 members.
  @Test(
    arguments: [
      (#"{"a":1,"a":2}"#, #"{"a":2}"#),
      (#"{"a":1,"b":3,"a":2}"#, #"{"b":3,"a":2,"a":5}"#),
      (#"[{"a":1,"a":2},{"b":1}]"#, #"[{"a":2},{"b":1},{"a":3,"a":2}]"#),
      (#"{"é":1}"#, #"{"e\u0301":1}"#),
      (#"[{"é":1,"x":2}]"#, #"[{"x":2,"e\u0301":1}]"#),
      (#"{"K":1}"#, #"{"\u212a":1}"#),
      (#"[1.0,2,3e1,-0,100]"#, #"[1,2.00,30,0,1e2]"#),
      (#"{"n":1.0}"#, #"{"n":1}"#),
      (#"["é","x"]"#, #"["e\u0301","x"]"#),
      (#"{"s":"\u0000\n\"\\"}"#, #"{"s":"\u0000\n\"\\ "}"#),
      (#"[{"id":1.0,"v":1},{"id":2}]"#, #"[{"id":2},{"id":1,"v":2}]"#),
      (#"[{"id":"a"},{"id":"a"},{"id":"b"}]"#, #"[{"id":"b"},{"id":"a"}]"#),
      (#"[{"id":[1]},{"id":null},{"name":"x"}]"#, #"[{"name":"x"},{"id":null},{"id":[1]}]"#),
      (#"[[1,2],[2,1],{}]"#, #"[{},[2,1],[1,2],[]]"#),
      (#"{"a":{"b":{"c":[1,2,3]}}}"#, #"{"a":{"b":{"c":[1,3,2,4]}}}"#),
      ("1", "\"1\""), ("null", "false"), ("[]", "{}"), ("{}", "{}"), ("true", "true"),
      (#"{"a":1,"b":{"c":2}}"#, #"{"a":null,"b":{"c":null,"d":{"e":null}}}"#),
      (#"{"a":"x","b":{"c":2}}"#, #"{"a":null,"b":{"c":3}}"#),
      (#"{"a":{"c":2}}"#, #"{"a":{"c":null}}"#),
      (#"{"a":1}"#, #"{"a":{"b":null,"c":{"d":1}},"n":{"m":[null]}}"#),
      (#"[1]"#, #"{"a":{"b":null}}"#), (#"{"a":[1]}"#, #"{"a":{"b":{}}}"#),
      (#"{"a":{"x":1,"x":2},"b":1}"#, #"{"a":{"x":3},"b":1}"#),
      (#"{"a":{"é":1,"q":2},"b":{"k":"v"}}"#, #"{"a":{"e\u0301":1,"q":3},"b":{"k":"v"}}"#),
      (#"{"s":{"é":1},"t":1}"#, #"{"s":{"e\u0301":1},"t":2}"#),
      (#"{"a":{"b":1},"b":2,"x/y":[1,{"id":1,"v":2}]}"#, #"{"a":{"b":2},"x/y":[{"id":1,"v":3}]}"#),
    ] as [(String, String)])
  func edgeCasesDiffAlike(_ old: String, _ new: String) throws {
    try Self.expectSame(Array(old.utf8), Array(new.utf8), "\(old) → \(new)")
    try Self.expectSame(Array(new.utf8), Array(old.utf8), "\(new) → \(old)")
  }

  @Test func wideObjectsAndLongTextsDiffAlike() throws {
    let long = String(repeating: "abcdefgh", count: 40)
    let members = (0..<20).map { #""k\#($0)":\#($0)"# }
    var changed = members
    changed.swapAt(2, 15)
    changed[7] = #""k7":"\#(long)x""#
    let a = "[{" + members.joined(separator: ",") + #","k0":"\#(long)"}]"#
    let b = "[{" + changed.joined(separator: ",") + #","k0":"\#(long)y"}]"#
    #expect(try Self.expectSame(Array(a.utf8), Array(b.utf8), "wide") > 0)
    try Self.expectSame(Array(a.utf8), Array(a.utf8), "wide, equal")
  }

  /// The recordings kept in the repository, each against the next, and each interaction
  /// against the next.
  @Test func recordingsDiffAlike() throws {
    let folder = ConformanceData.packageRoot.appendingPathComponent("Recordings")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(names.count >= 5)
    let texts = try names.map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
    var seen = 0
    for i in texts.indices {
      let j = (i + 1) % texts.count
      seen += try Self.expectSame(texts[i], texts[j], "\(names[i]) → \(names[j])")
      guard let interactions = try JSONParser.parse(texts[i])["interactions"]?.arrayValue else {
        continue
      }
      for (a, b) in zip(interactions, interactions.dropFirst()) {
        seen += try Self.expectSame(
          Array(a.compactText.utf8), Array(b.compactText.utf8), "\(names[i]) interactions")
      }
    }
    #expect(seen > 0)
  }

  /// The json-patch-tests suite's documents before and after each patch.
  @Test func patchSuiteDocumentsDiffAlike() throws {
    var pairs = 0
    for file in ["tests.json", "spec_tests.json"] {
      let url = ConformanceData.folder("json-patch-tests").appendingPathComponent(file)
      let cases = try JSONParser.parse(Array(try Data(contentsOf: url))).arrayValue ?? []
      for test in cases {
        guard let doc = test["doc"], let expected = test["expected"] else { continue }
        try Self.expectSame(
          Array(doc.compactText.utf8), Array(expected.compactText.utf8), "\(file) \(test)")
        pairs += 1
      }
    }
    #expect(pairs > 50)
  }

  /// JSONTestSuite's accepted texts, each against the next in name order.
  @Test func parsingSuiteTextsDiffAlike() throws {
    let folder = ConformanceData.folder("JSONTestSuite/test_parsing")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("y_") }.sorted()
    let texts = try names.map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
    #expect(texts.count > 50)
    for (i, (a, b)) in zip(texts, texts.dropFirst()).enumerated() {
      try Self.expectSame(a, b, names[i])
    }
  }
}
