import GraphJSON
import GraphJSONTestSupport
import Testing

/// `JSONPatch.apply(text:to:)`, a patch applied from its text one operation at a time (what
/// `graph-explorer patch` does with a file): the same result or error as parsing the patch
/// whole, for the json-patch-tests suite and for mutated texts; nil exactly when the text is
/// not a well-formed JSON array.
@Suite struct PatchTextTests {
  /// What parsing `text` whole and applying it gives: the result or the error, as text.
  static func whole(_ text: [UInt8], _ doc: JSONValue) -> String {
    let value: JSONValue
    do { value = try JSONParser.parse(text) } catch { return "parse error: \(error)" }
    do { return "ok: \(try JSONPatch(parsing: value).apply(to: doc, maxGrowth: 1 << 20))" } catch {
      return "patch error: \(error)"
    }
  }

  /// What applying from the text gives, with what a caller does on nil (parse it whole).
  static func streamed(_ text: [UInt8], _ doc: JSONValue) -> String {
    do {
      let result = try text.withUnsafeBufferPointer { buffer throws(JSONPatchError) in
        try JSONPatch.apply(text: buffer, to: doc, maxGrowth: 1 << 20)
      }
      guard let result else {
        // Only for text that is not a well-formed array.
        let parsed = try? JSONParser.parse(text)
        if case .array = parsed {
          Issue.record("nil for a well-formed array: \(String(decoding: text, as: UTF8.self))")
        }
        return whole(text, doc)
      }
      return "ok: \(result)"
    } catch {
      return "patch error: \(error)"
    }
  }

  @Test func theConformanceSuiteGivesWhatParsingWholeGives() throws {
    for test in try PatchConformanceTests.cases() {
      let text = Array(test.patch.compactText.utf8)
      #expect(Self.streamed(text, test.doc) == Self.whole(text, test.doc), "\(test.name)")
      let pretty = Array(test.patch.prettyText.utf8)
      #expect(Self.streamed(pretty, test.doc) == Self.whole(pretty, test.doc), "\(test.name)")
    }
  }

  static let samples: [String] = [
    #"[{"op":"add","path":"/a/0","value":1},{"op":"add","path":"/b","value":{"c":[1,"x\"]"]}}]"#,
    #"[ {"op": "move", "from": "/a/0", "path": "/a/-"} , {"op":"test","path":"/a/0","value":2} ]"#,
    #"[{"op":"remove","path":"/a/1"},{"op":"copy","from":"/a","path":"/z"},{"op":"replace","path":"/z/0","value":null}]"#,
    "[]", " [ ] ", #"{"op":"add"}"#, "[1,2", "[{}] x", #"["\u00e9\\"]"#,
  ]

  @Test func mutatedTextsGiveWhatParsingWholeGives() {
    var random = SeededRandomNumberGenerator(seed: 6902)
    let doc: JSONValue = ["a": [1, 2, 3], "b": "x"]
    let alphabet = Array(#" ,:[]{}"\/0aop-1e."#.utf8)
    for sample in Self.samples {
      let bytes = Array(sample.utf8)
      #expect(Self.streamed(bytes, doc) == Self.whole(bytes, doc), "\(sample)")
      for _ in 0..<200 {
        var mutated = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          mutated[Int.random(in: 0..<mutated.count, using: &random)] =
            alphabet.randomElement(using: &random)!
        }
        #expect(
          Self.streamed(mutated, doc) == Self.whole(mutated, doc),
          "\(String(decoding: mutated, as: UTF8.self))")
      }
    }
  }

  @Test func aSyntaxErrorAnywhereComesBeforeABadOperationAndABadOperationBeforeAnyIsApplied() {
    let doc: JSONValue = ["a": []]
    let badOp = #"{"op":"jump","path":"/a"}"#
    let failing = #"{"op":"remove","path":"/missing"}"#
    let fine = #"{"op":"add","path":"/a/-","value":1}"#
    for text in [
      "[\(fine),\(badOp),\(fine)", "[\(failing),\(badOp)]", "[\(fine),\(failing),\(fine)]",
      "[\(fine),\(badOp)] trailing",
    ] {
      let bytes = Array(text.utf8)
      #expect(Self.streamed(bytes, doc) == Self.whole(bytes, doc), "\(text)")
    }
    #expect(Self.streamed(Array("[\(failing),\(badOp)]".utf8), doc).contains("jump"))
  }

  @Test func nestingIsLimitedAsWhenParsedWhole() {
    for depth in [510, 511, 512, 513] {
      let value = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      let text =
        Array(#"[{"op":"add","path":"/a","value":"#.utf8) + Array(value.utf8) + [0x7D, 0x5D]
      #expect(Self.streamed(text, ["a": 1]) == Self.whole(text, ["a": 1]), "\(depth)")
    }
  }

  @Test func theReadingIsReportedAsItMovesOn() {
    let ops = (0..<1000).map { #"{"op":"add","path":"/a/0","value":\#($0)}"# }
    let text = Array(("[" + ops.joined(separator: ",") + "]").utf8)
    var offsets: [Int] = []
    let result = text.withUnsafeBufferPointer { buffer in
      try? JSONPatch.apply(text: buffer, to: ["a": []]) { offsets.append($0) }
    }
    #expect(result?["a"]?[0] == 999)
    // One reading, after each element and at the end, moving forward to the end.
    #expect(offsets.count == 1001)
    #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 })
    #expect(offsets.last == text.count)
  }
}
