import GraphJSON
import Testing

@Suite struct DiffTests {
  func diff(_ a: String, _ b: String, _ options: JSONDiffOptions = .init()) throws -> JSONDiffResult
  {
    try JSONDiff.diff(JSONParser.parse(a), JSONParser.parse(b), options: options)
  }

  func listing(_ a: String, _ b: String, _ options: JSONDiffOptions = .init()) throws -> [String] {
    JSONDiffRenderer().lines(try diff(a, b, options))
  }

  @Test func changedAddedRemovedByPath() throws {
    let lines = try listing(
      #"{"data":[{"id":"1","name":"Ann"}],"paging":{"next":"u"}}"#,
      #"{"data":[{"id":"1","name":"Anne"},{"id":"2"}],"paging":{}}"#)
    #expect(
      lines == [
        #"data[0].name: "Ann" → "Anne""#,
        #"+ data[1]: {"id":"2"}"#,
        #"- paging.next: "u""#,
      ])
  }

  @Test func insertedKeyedElementIsOneInsertNotACascade() throws {
    let a = #"{"data":[{"id":"1","v":1},{"id":"2","v":2},{"id":"3","v":3}]}"#
    let b = #"{"data":[{"id":"0","v":0},{"id":"1","v":1},{"id":"2","v":2},{"id":"3","v":3}]}"#
    let result = try diff(a, b)
    #expect(JSONDiffRenderer().lines(result) == [#"+ data[0]: {"id":"0","v":0}"#])
    #expect(
      result.patch.jsonValue.compactText
        == #"[{"op":"add","path":"/data/0","value":{"id":"0","v":0}}]"#)
  }

  @Test func reorderedKeyedElementIsAMoveWithItsChanges() throws {
    let a = #"[{"id":"a","n":1},{"id":"b","n":2},{"id":"c","n":3}]"#
    let b = #"[{"id":"c","n":30},{"id":"a","n":1},{"id":"b","n":2}]"#
    let result = try diff(a, b)
    #expect(JSONDiffRenderer().lines(result) == ["~ [0]: moved from [2]", "[0].n: 3 → 30"])
    #expect(
      result.patch.jsonValue.compactText
        == #"[{"op":"replace","path":"/2/n","value":30},{"op":"move","from":"/2","path":"/0"}]"#)
  }

  @Test func withoutKeysReorderIsAMoveOfEqualValues() throws {
    let result = try diff("[1,2,3]", "[3,1,2]", JSONDiffOptions(keys: []))
    #expect(JSONDiffRenderer().lines(result) == ["~ [0]: moved from [2]"])
  }

  @Test func configurableKeys() throws {
    let a = #"[{"key":"x","v":1},{"key":"y","v":2}]"#
    let b = #"[{"key":"y","v":2},{"key":"x","v":1}]"#
    let keyed = try listing(a, b, JSONDiffOptions(keys: ["id", "key"]))
    #expect(keyed == ["~ [1]: moved from [0]"] || keyed == ["~ [0]: moved from [1]"], "\(keyed)")
    // Without the key, the same change reads as field changes in place or a move of equal
    // values; either way the patch is right.
    let plain = try diff(a, b, JSONDiffOptions(keys: []))
    #expect(try plain.patch.apply(to: JSONParser.parse(a)) == JSONParser.parse(b))
  }

  @Test func unkeyedElementsInTheSameGapCompareFieldByField() throws {
    #expect(try listing(#"[{"a":1,"b":2}]"#, #"[{"a":1,"b":3}]"#) == ["[0].b: 2 → 3"])
    #expect(try listing("[1,2,3]", "[1,5,3]") == ["[1]: 2 → 5"])
  }

  @Test func unkeyedElementsPairWithTheMostSimilarNotTheNextInLine() throws {
    let a = #"[{"n":"x","v":1},{"n":"y","v":2}]"#
    let b = #"[{"n":"w"},{"n":"x","v":10},{"n":"y","v":20}]"#
    #expect(try listing(a, b) == [#"+ [0]: {"n":"w"}"#, "[1].v: 1 → 10", "[2].v: 2 → 20"])
    let result = try diff(a, b)
    #expect(try result.patch.apply(to: JSONParser.parse(a)) == JSONParser.parse(b))
  }

  @Test func ignoreOrder() throws {
    let options = JSONDiffOptions(ignoreOrder: true)
    #expect(try diff("[1,2,3]", "[3,2,1]", options).isEmpty)
    #expect(try listing("[1,2,3]", "[3,4,1]", options) == ["- [1]: 2", "+ [1]: 4"])
    #expect(!(try diff("[1,1,2]", "[1,2,2]", options).isEmpty))
  }

  @Test func numbersByValueUnlessExact() throws {
    #expect(try diff(#"{"a":1.0,"b":[1e2]}"#, #"{"a":1,"b":[100]}"#).isEmpty)
    #expect(
      try listing(#"{"a":1.0}"#, #"{"a":1}"#, JSONDiffOptions(exactNumbers: true))
        == ["a: 1.0 → 1"])
  }

  @Test func stringsCompareByCodePoints() {
    let precomposed: JSONValue = ["name": "caf\u{E9}"]
    let decomposed: JSONValue = ["name": "cafe\u{301}"]
    let result = JSONDiff.diff(precomposed, decomposed)
    #expect(result.differences.map(\.path.description) == ["name"])
    #expect(!JSONDiff.equal(precomposed, decomposed))
  }

  @Test func keyOrderIsNotADifference() throws {
    #expect(try diff(#"{"a":1,"b":[{"x":1,"y":2}]}"#, #"{"b":[{"y":2,"x":1}],"a":1}"#).isEmpty)
  }

  @Test func typeChangeAndRootReplace() throws {
    #expect(try listing(#"{"a":[1]}"#, #"{"a":{"0":1}}"#) == [#"a: [1] → {"0":1}"#])
    let result = try diff("[1]", #""x""#)
    #expect(JSONDiffRenderer().lines(result) == [#".: [1] → "x""#])
    #expect(result.patch.jsonValue.compactText == #"[{"op":"replace","path":"","value":"x"}]"#)
  }

  @Test func oddKeysArePrintedQuotedAndEscapedInPointers() throws {
    let result = try diff(#"{"a/b":{"c d":1}}"#, #"{"a/b":{"c d":2}}"#)
    #expect(JSONDiffRenderer().lines(result) == [#"a/b["c d"]: 1 → 2"#])
    #expect(result.patch.operations.first?.path.description == "/a~1b/c d")
  }

  @Test func colourAndContext() throws {
    let result = try diff(#"{"a":1,"b":2,"c":3,"d":4}"#, #"{"a":1,"b":2,"c":30,"d":4}"#)
    #expect(
      JSONDiffRenderer(context: 1).lines(result) == ["c: 3 → 30", "    b: 2", "    d: 4"])
    let coloured = JSONDiffRenderer(color: true).render(result)
    #expect(coloured == "c: \u{1B}[31m3\u{1B}[0m → \u{1B}[32m30\u{1B}[0m\n")
  }

  @Test func longValuesAreShortened() throws {
    let long = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    let lines = try listing("[]", "[{\(long)}]")
    #expect(lines[0].hasPrefix(#"+ [0]: {"k0":0,"k1":1,"#))
    #expect(lines[0].hasSuffix("...}"))
    #expect(lines[0].count < 90)
  }
}
