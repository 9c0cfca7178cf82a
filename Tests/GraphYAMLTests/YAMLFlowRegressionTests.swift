import GraphJSON
import GraphYAML
import Testing

/// Multi-line flow collections that `Scripts/fuzz cassette` found troublesome, kept so they
/// stay fixed.
@Suite struct YAMLFlowRegressionTests {
  /// What follows a multi-line flow collection is read from the line after its end.
  static let flowCases: [(String, JSONValue)] = [
    ("a: [1,\n  2,\n  3]\nb: x\n", ["a": [1, 2, 3], "b": "x"]),
    ("a: {k: [1,\n  {m: 'v,\n  w'}]}\nb: [\n]\n", ["a": ["k": [1, ["m": "v, w"]]], "b": []]),
    ("a: [x]\nb: {y: 1,\n z: 2}\n", ["a": ["x"], "b": ["y": 1, "z": 2]]),
  ]

  @Test(arguments: flowCases)
  func multiLineFlowCollectionsEndWhereTheyClose(yaml: String, expected: JSONValue) throws {
    #expect(try YAMLReader.parse(yaml) == expected)
  }

  @Test(arguments: [
    ("a: [1,\n  2\n", "line 1, column 4: unterminated flow collection"),
    ("a: [1,\n  2] x\nb: 1\n", "line 1, column 4: malformed flow collection"),
  ])
  func brokenFlowCollectionsSayWhere(yaml: String, message: String) {
    #expect {
      try YAMLReader.parse(yaml)
    } throws: { error in
      guard let failure = error as? YAMLReader.Failure else { return false }
      return "line \(failure.line), column \(failure.column): \(failure.message)" == message
    }
  }
}
