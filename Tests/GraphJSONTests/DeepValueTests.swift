import Foundation
import GraphJSON
import Testing

/// Values as deep as the parser accepts can be compared, hashed, printed and freed on a
/// small (512 KiB) thread stack: nothing walks them recursively except the runtime's free.
@Suite struct DeepValueTests {
  /// Runs `body` on a thread with a 512 KiB stack and waits for it.
  func onSmallStack(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let thread = Thread {
        body()
        done.resume()
      }
      thread.stackSize = 512 * 1024
      thread.start()
    }
  }

  static func nested(_ depth: Int, open: String, close: String) -> String {
    String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
  }

  @Test(arguments: [("[", "]"), ("{\"k\":", "}"), ("[{\"a\":[], \"b\":", "}]")])
  func deepestAcceptedValuesAreSafe(_ open: String, _ close: String) async throws {
    let depth = open.count > 5 ? JSONParser.depthCeiling / 2 - 1 : JSONParser.depthCeiling
    let text = Self.nested(depth, open: open, close: close)
    let parser = JSONParser(maxDepth: JSONParser.depthCeiling)
    #expect(parser.maxDepth == 1024)
    await onSmallStack {
      guard let a = try? parser.parse(text), let b = try? parser.parse(text) else {
        Issue.record("did not parse")
        return
      }
      #expect(a == b)
      #expect(a.hashValue == b.hashValue)
      #expect(Set([a, b]).count == 1)
      #expect(a.compactText.count == text.count - (open.contains(" ") ? depth : 0))
      #expect(a.prettyText.hasSuffix(close.last.map(String.init) ?? ""))
      #expect("\(a)" == a.compactText)
      let c = try? parser.parse(text.replacingOccurrences(of: "1", with: "2"))
      #expect(a != c)
    }
  }

  @Test func maxDepthIsClampedToTheCeiling() {
    #expect(JSONParser(maxDepth: 100_000).maxDepth == JSONParser.depthCeiling)
    #expect(JSONParser(maxDepth: 0).maxDepth == 1)
    var parser = JSONParser()
    parser.maxDepth = 5000
    #expect(parser.maxDepth == JSONParser.depthCeiling)
    #expect(throws: JSONParseError.self) {
      try JSONParser(maxDepth: 100_000).parse(Self.nested(1025, open: "[", close: "]"))
    }
  }

  @Test func equalityAndHashingFollowJSONSemantics() throws {
    let a = try JSONParser.parse(#"{"x":[1,{"y":1.0}],"d":1,"d":2}"#)
    let b = try JSONParser.parse(#"{"d":2,"x":[1e0,{"y":1}]}"#)
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(try JSONParser.parse("[1,2]") != JSONParser.parse("[2,1]"))
    #expect(try JSONParser.parse(#"{"a":1}"#) != JSONParser.parse(#"{"a":1,"b":1}"#))
    #expect(try JSONParser.parse(#"{"a":1,"a":2}"#) != JSONParser.parse(#"{"a":1}"#))
    #expect(JSONValue.null != .bool(false))
    #expect(JSONValue.string("1") != .number(JSONNumber(1)))
  }

  @Test func namesAndStringsCompareByCodePoints() throws {
    // A precomposed é and e + combining acute are equal Swift strings but different JSON.
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"
    #expect(JSONValue.string(composed) != .string(decomposed))
    let object = try JSONParser.parse(#"{"\u00e9":1,"e\u0301":2}"#)
    #expect(object[composed] == 1)
    #expect(object[decomposed] == 2)
    #expect(object != (try JSONParser.parse(#"{"\u00e9":1,"\u00e9":2}"#)))
    #expect(try JSONParser.parse(#"{"\u00e9":1}"#) == JSONParser.parse(#"{"é":1}"#))
  }
}
