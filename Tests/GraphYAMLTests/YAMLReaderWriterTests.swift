import GraphJSON
import GraphYAML
import Testing

/// What `YAMLWriter` writes, `YAMLReader` reads back; block, folded and flow scalars read as
/// Psych and PyYAML read them.
@Suite struct YAMLReaderWriterTests {
  @Test func yamlScalarsRoundTrip() throws {
    let strings = [
      "plain", "", " lead", "trail ", "a: b", "#x", "- x", "yes", "null", "123", "1.5e3", "it's",
      "tab\there", "new\nline", "quote\"s", "back\\slash", "ünï", "{}", "x #y", "ends:", "\u{01}",
    ]
    let value = JSONValue.object(JSONObject(strings.map { .init(key: $0, value: .string($0)) }))
    let text = YAMLWriter.text(
      ["list": .array(strings.map(JSONValue.string)), "map": value], documentMarker: true)
    let back = try YAMLReader.parse(text)
    #expect(back["list"] == .array(strings.map(JSONValue.string)))
    #expect(back["map"] == value)
  }

  @Test(arguments: [
    ("key: |\n  line one\n  line two\n", "line one\nline two\n"),
    ("key: |-\n  kept\n\n  gap\n", "kept\n\ngap"),
    ("key: >-\n  folded\n  text\n", "folded text"),
    ("key: 'single\n  folded'\n", "single folded"),
    ("key: plain\n  continued\n", "plain continued"),
    ("key: \"esc \\u00e9\\t\"\n", "esc é\t"),
  ])
  func yamlBlockAndFoldedScalars(yaml: String, expected: String) throws {
    #expect(try YAMLReader.parse(yaml)["key"] == .string(expected))
  }

  @Test func yamlFlowCollections() throws {
    let v = try YAMLReader.parse("a: {}\nb: []\nc: [1, 'two', \"three\"]\nd: {x: 1, y: [z]}\n")
    #expect(v["a"] == .object(JSONObject()))
    #expect(v["b"] == .array([]))
    #expect(v["c"] == [1, "two", "three"])
    #expect(v["d"] == ["x": 1, "y": ["z"]])
  }
}
