import GraphJSON
import Testing

/// `JSONDocument(stripping:_:)`, the copy `diff --ignore` compares: the same value as stripping
/// the tree (`JSONDiff.diff(...).old` with the patterns), printed alike, repeated names and
/// order kept, whether or not the source's pages are given back behind the copy.
@Suite struct DocumentStrippingTests {
  static let patterns: [[String]] = [
    [], ["a"], ["**.id"], ["[*].v", "data"], ["[1]", "**[0].name"], ["*.b", #"["x/y"]"#],
    ["**"], ["*"], ["[*]"], ["data[*].v.*"],
  ]

  /// The tree `diff` strips: the old side of a diff of the value with itself.
  static func strippedTree(_ value: JSONValue, _ patterns: [JSONPathPattern]) -> JSONValue {
    JSONDiff.diff(value, value, options: JSONDiffOptions(ignore: patterns)).old
  }

  static func expectStripsAlike(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let tree = try JSONParser.parse(text)
    let document = try JSONDocument(parsing: text)
    for texts in patterns {
      let patterns = try texts.map { try JSONPathPattern(parsing: $0) }
      let stripped = try JSONDocument(stripping: document.root, patterns)
      let expected = strippedTree(tree, patterns)
      #expect(
        stripped.root.description == expected.compactText, "\(texts) of \(text)",
        sourceLocation: sourceLocation)
      #expect(stripped.jsonValue == expected, sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: Array(1...12) as [UInt64])
  func randomDocumentsStripAlike(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    for _ in 0..<8 {
      try Self.expectStripsAlike(random.document(depth: 5).compactText)
    }
  }

  @Test(
    arguments: [
      #"{"a":1,"a":{"b":2},"b":3}"#, #"[{"id":1,"id":2,"name":"x"},[{"name":1}],3]"#,
      #"{"data":[{"v":{"x":1,"y":[2]},"id":"1"},{"v":null}],"x/y":"long string past seven"}"#,
      #"{"b":{"b":{"b":1}},"é":{"b":2}}"#, "[]", "{}", "1", #""a long string value""#,
      #"{"a":[],"b":{},"c":[[],{}]}"#,
    ])
  func edgeCasesStripAlike(_ text: String) throws {
    try Self.expectStripsAlike(text)
  }

  /// Deeper than any recursion of the old diff would have liked: the copy keeps its own stack.
  @Test func deepDocumentsStripAlike() throws {
    let depth = 500
    let text =
      String(repeating: #"{"a":["#, count: depth / 2) + "1"
      + String(repeating: "]}", count: depth / 2)
    try Self.expectStripsAlike(text)
  }

  /// A document past a MiB of tape and of text, copied while its pages are given back behind
  /// the copy: the copy is what copying a fresh parse without giving back makes.
  @Test func givingBackTheSourceChangesNothing() throws {
    // About 1.2 MB of tape and 1.4 MB of text: each is given back once the copy passes a
    // MiB, in few values (a debug build walks them slowly).
    let long = String(repeating: "a string longer than seven ", count: 4)
    let parts = (0..<12_000).map { i in
      #"{"id":"\#(i)","v":[\#(i),"\#(long)\#(i)"],"b":{"x":\#(i % 7)}}"#
    }
    let text = #"{"data":["# + parts.joined(separator: ",") + #"],"paging":{"next":"n"}}"#
    let patterns = [try JSONPathPattern(parsing: "**.x")]
    let kept = try JSONDocument(stripping: JSONDocument(parsing: text).root, patterns)
    let source = try JSONDocument(parsing: text)
    let released = try JSONDocument(stripping: source.root, patterns, releasing: true)
    #expect(released.byteSize == kept.byteSize)
    #expect(
      JSONPrinter(options: []).bytes(released.root) == JSONPrinter(options: []).bytes(kept.root))
  }
}
