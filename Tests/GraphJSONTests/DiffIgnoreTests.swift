import GraphJSON
import Testing

@Suite struct DiffIgnoreTests {
  func differences(_ a: String, _ b: String, ignoring patterns: [String]) throws -> [String] {
    let options = JSONDiffOptions(ignore: try patterns.map { try JSONPathPattern(parsing: $0) })
    let result = JSONDiff.diff(try JSONParser.parse(a), try JSONParser.parse(b), options: options)
    return result.differences.map(\.path.description)
  }

  static let old = #"""
    {"data":[{"id":"1","updated_time":"t1","name":"A","x":{"fbtrace_id":"f1"}}],
     "paging":{"next":"n1"},"fbtrace_id":"r1"}
    """#
  static let new = #"""
    {"data":[{"id":"1","updated_time":"t2","name":"B","x":{"fbtrace_id":"f2"}}],
     "paging":{"next":"n2"},"fbtrace_id":"r2"}
    """#

  @Test(
    arguments: [
      (
        [],
        [
          "data[0].updated_time", "data[0].name", "data[0].x.fbtrace_id", "paging.next",
          "fbtrace_id",
        ]
      ),
      (["paging"], ["data[0].updated_time", "data[0].name", "data[0].x.fbtrace_id", "fbtrace_id"]),
      (["**.fbtrace_id"], ["data[0].updated_time", "data[0].name", "paging.next"]),
      (
        ["data[*].updated_time", "paging.*"],
        ["data[0].name", "data[0].x.fbtrace_id", "fbtrace_id"]
      ),
      (["data[0]", "**.fbtrace_id", ".paging"], []),
      (["*.*.name", "data.*.x", "paging.next", "fbtrace_id"], ["data[0].updated_time"]),
    ] as [([String], [String])])
  func wildcards(_ patterns: [String], _ expected: [String]) throws {
    #expect(try differences(Self.old, Self.new, ignoring: patterns) == expected)
  }

  @Test func ignoredElementsKeepTheirIndex() throws {
    #expect(try differences("[1,2,3]", "[9,2,4]", ignoring: ["[0]"]) == ["[2]"])
  }

  @Test func patternsMatchPaths() throws {
    let pattern = try JSONPathPattern(parsing: #"**["a b"][*]"#)
    #expect(pattern.matches(JSONPath([.key("x"), .key("a b"), .index(3)])))
    #expect(pattern.matches(JSONPath([.key("a b"), .index(0)])))
    #expect(!pattern.matches(JSONPath([.key("a b"), .key("0")])))
  }

  @Test(arguments: ["", "a..b", "a[", "a[x]", "a.", "[-1]"])
  func badPatternsAreRejected(_ text: String) {
    #expect(throws: JSONPatchError.self) { try JSONPathPattern(parsing: text) }
  }
}
