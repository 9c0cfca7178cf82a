import GraphJSON
import GraphYAML
import Testing

/// YAML nested 100,000 deep (flow collections, closed or not, and block collections) used to
/// overflow the stack (SIGSEGV) in `import`; the reader now stops at the JSON parser's depth
/// limit with the same message.
@Suite struct YAMLDepthTests {
  static let deep = 100_000

  static func message(_ yaml: String) -> String? {
    do {
      _ = try YAMLReader.parse(yaml)
      return nil
    } catch {
      return "line \(error.line), column \(error.column): \(error.message)"
    }
  }

  @Test func deepFlowSequencesStopAtTheLimit() {
    let open = String(repeating: "[", count: Self.deep)
    let close = String(repeating: "]", count: Self.deep)
    #expect(
      Self.message("User-Agent: \(open)x\(close)\n")
        == "line 1, column 13: nesting deeper than 512 levels")
    #expect(
      Self.message("User-Agent: \(open)\n")
        == "line 1, column 13: nesting deeper than 512 levels")
  }

  @Test func deepFlowMappingsStopAtTheLimit() {
    let open = String(repeating: "{a: ", count: Self.deep)
    let close = String(repeating: "}", count: Self.deep)
    #expect(
      Self.message("\(open)1\(close)\n") == "line 1, column 1: nesting deeper than 512 levels")
    #expect(Self.message("x: \(open)\n") == "line 1, column 4: nesting deeper than 512 levels")
  }

  @Test func deepFlowOverManyLinesStopsAtTheLimit() {
    let yaml = "a:\n" + String(repeating: "  [\n", count: Self.deep)
    #expect(Self.message(yaml) == "line 2, column 3: nesting deeper than 512 levels")
  }

  @Test func deepBlockSequencesStopAtTheLimit() {
    let yaml = String(repeating: "- ", count: Self.deep) + "x\n"
    #expect(Self.message(yaml)?.hasSuffix(": nesting deeper than 512 levels") == true)
  }

  @Test func deepBlockMappingsStopAtTheLimit() {
    let yaml = (0..<600).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n")
    #expect(Self.message(yaml + " 1\n") == "line 513, column 513: nesting deeper than 512 levels")
  }

  @Test func nestingUpToTheLimitIsRead() throws {
    let open = String(repeating: "[", count: 500)
    let close = String(repeating: "]", count: 500)
    var value = try YAMLReader.parse("a: \(open)1\(close)\n")["a"]!
    for _ in 0..<499 { value = value.arrayValue![0] }
    #expect(value == [1])
  }
}
