import GraphJSON
import Testing

/// 26 `copy` operations of the whole document into itself (1 KB of patch) used to double the
/// document 26 times: 16 GB resident, then an allocation failure (SIGABRT) while printing.
/// A patch may now add a bounded amount, and the operation that would pass it fails.
@Suite struct PatchGrowthTests {
  static func doubling(_ count: Int) throws -> JSONPatch {
    let op = #"{"op":"copy","from":"","path":"/a/-"}"#
    let text = "[" + Array(repeating: op, count: count).joined(separator: ",") + "]"
    return try JSONPatch(parsing: JSONParser.parse(text))
  }

  @Test func doublingByCopyStopsAtTheDefaultLimit() throws {
    let patch = try Self.doubling(26)
    #expect {
      try patch.apply(to: ["a": []])
    } throws: { error in
      guard case .operationFailed(let index, "copy", "/a/-", let reason) = error as? JSONPatchError
      else { return false }
      return (15..<26).contains(index)
        && reason
          == "the patch would add more than 67108864 bytes to the document (the limit on growth)"
    }
  }

  @Test func theLimitCountsAddedBytes() throws {
    let add = try JSONPatch(
      parsing: JSONParser.parse(#"[{"op":"add","path":"/b","value":"0123456789"}]"#))
    #expect(try add.apply(to: ["a": 1], maxGrowth: 12) == ["a": 1, "b": "0123456789"])
    #expect(throws: JSONPatchError.self) { try add.apply(to: ["a": 1], maxGrowth: 11) }
    // Moves add nothing.
    let move = try JSONPatch(parsing: JSONParser.parse(#"[{"op":"move","from":"/a","path":"/b"}]"#))
    #expect(try move.apply(to: ["a": "long text"], maxGrowth: 0) == ["b": "long text"])
  }

  @Test func compactSizeMatchesTheCompactText() throws {
    let value = try JSONParser.parse(#"{"a": [1, true, null, "x"], "b": {"c": -1.5}, "d": []}"#)
    #expect(value.compactSize(limit: .max) == value.compactText.utf8.count)
    #expect(value.compactSize(limit: 10) == nil)
  }
}
