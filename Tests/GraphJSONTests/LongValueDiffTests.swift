import GraphJSON
import Testing

/// Issue 11, item 5: `diff` never cuts two long values at the same point; it shows the part
/// that differs, with `…` where a value is cut.
@Suite struct LongValueDiffTests {
  static func line(_ a: String, _ b: String) throws -> String {
    let old = JSONValue.object(JSONObject([.init(key: "s", value: .string(a))]))
    let new = JSONValue.object(JSONObject([.init(key: "s", value: .string(b))]))
    let result = JSONDiff.diff(old, new)
    return try #require(JSONDiffRenderer().lines(result).first)
  }

  @Test func twoLongStringsShowTheirFirstDifference() throws {
    let head = String(repeating: "x", count: 100)
    let line = try Self.line(head + "alpha" + String(repeating: "y", count: 50), head + "beta")
    let context = String(repeating: "x", count: 16)
    #expect(line.hasPrefix("s: \"…\(context)alpha"), "\(line)")
    #expect(line.contains("…\" → \"…\(context)beta\""), "\(line)")
  }

  @Test func aDifferenceNearTheStartKeepsTheStart() throws {
    let tail = String(repeating: "z", count: 100)
    let line = try Self.line("Ann " + tail, "Anne " + tail)
    #expect(line.hasPrefix("s: \"Ann zzz"), "\(line)")
    #expect(line.contains("…\" → \"Anne zzz"))
  }

  @Test func shortStringsAreShownWhole() throws {
    #expect(try Self.line("Ann", "Anne") == #"s: "Ann" → "Anne""#)
  }

  @Test func controlCharactersInAWindowStayEscaped() throws {
    let head = String(repeating: "a", count: 90)
    let line = try Self.line(head + "\u{1B}[31m", head + "\n")
    #expect(line.contains("\\u001b[31m"), "\(line)")
    #expect(line.contains("\\n\""))
    #expect(!line.contains("\u{1B}"))
  }
}
