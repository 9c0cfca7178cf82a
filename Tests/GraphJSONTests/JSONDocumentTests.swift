import GraphJSON
import GraphJSONTestSupport
import Testing

/// `JSONDocument` accepts and rejects exactly what `JSONParser` does, with the same errors,
/// reads back the same values, and prints byte for byte as the same `JSONValue` prints.
@Suite struct JSONDocumentTests {
  /// Both parsers on `bytes`: the same value, or the same error.
  static func expectSameOutcome(_ bytes: [UInt8], maxDepth: Int = 512) {
    let tree = Result { () throws(JSONParseError) in
      try JSONParser(maxDepth: maxDepth).parse(bytes)
    }
    let document = Result { () throws(JSONParseError) in
      try JSONDocument(parsing: bytes, maxDepth: maxDepth)
    }
    switch (tree, document) {
    case (.success(let value), .success(let document)):
      #expect(document.jsonValue == value)
      for options in [JSONPrinter.Options(), [.pretty, .sortedKeys], [.asciiOnly, .color]] {
        let printer = JSONPrinter(options: options)
        #expect(printer.bytes(document.root) == printer.bytes(value))
      }
    case (.failure(let a), .failure(let b)):
      #expect(a == b)
      #expect(a.description == b.description)
    default:
      Issue.record("JSONParser: \(tree), JSONDocument: \(document)")
    }
  }

  @Test(arguments: JSONTestSuite.cases("y_") + JSONTestSuite.cases("i_"))
  func acceptsWhatTheParserAccepts(_ testCase: JSONTestSuite.Case) {
    Self.expectSameOutcome(testCase.bytes)
  }

  @Test(arguments: JSONTestSuite.cases("n_"))
  func rejectsWhatTheParserRejectsWithTheSameError(_ testCase: JSONTestSuite.Case) {
    #expect(throws: JSONParseError.self) { try JSONDocument(parsing: testCase.bytes) }
    Self.expectSameOutcome(testCase.bytes)
  }

  @Test func randomBytesGiveTheParsersOutcome() {
    var random = SeededRandomNumberGenerator(seed: 16)
    let alphabet =
      Array(#"{}[],:"\ 0123456789.eE+-tfnrulsa"#.utf8) + [0x0A, 0x00, 0xC3, 0xA9, 0xFF, 0xED]
    for _ in 0..<2000 {
      let length = Int.random(in: 0...40, using: &random)
      Self.expectSameOutcome((0..<length).map { _ in alphabet.randomElement(using: &random)! })
    }
  }

  @Test func everyTruncationAndOneByteChangeGivesTheParsersOutcome() {
    let text = Array(
      #"{"id":"1_2","message":"caf\u00e9 \"x\"\n","n":[1.5e3,-0,12345678,true,false,null],"from":{"name":"Zoë Öztürk"},"e":{},"a":[]}"#
        .utf8)
    for end in 0...text.count { Self.expectSameOutcome(Array(text[..<end])) }
    for position in text.indices {
      for byte: UInt8 in [0x22, 0x5C, 0x2C, 0x7D, 0x5D, 0x20, 0xFF, 0x00] {
        var changed = text
        changed[position] = byte
        Self.expectSameOutcome(changed)
      }
    }
  }

  @Test func depthLimitIsTheParsers() throws {
    let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(try JSONDocument(parsing: deep).root.description == deep)
    let tooDeep = "{\"a\":" + deep + "}"
    #expect(throws: JSONParseError.self) { try JSONDocument(parsing: tooDeep) }
    do {
      _ = try JSONDocument(parsing: String(repeating: "[", count: 100_000))
    } catch {
      #expect(error.description == "line 1, column 513: nesting deeper than 512 levels")
    }
    Self.expectSameOutcome(Array("[[[[1]]]]".utf8), maxDepth: 3)
    Self.expectSameOutcome(Array(tooDeep.utf8), maxDepth: 5000)
  }

  @Test func readsValuesWithoutMaterialising() throws {
    let document = try JSONDocument(
      parsing:
        #"{"id":"10_20","n":1.10,"ok":true,"no":false,"z":null,"a":[1,"two",{}],"id":"last","long":"more than seven bytes","esc":"a\tb\u00e9"}"#
    )
    let root = document.root
    #expect(root.kind == .object)
    #expect(root.kindName == "object")
    #expect(root.count == 9)
    #expect(root["id"]?.stringValue == "last")
    #expect(root["n"]?.numberValue?.text == "1.10")
    #expect(root["n"]?.kind == .number)
    #expect(root["ok"]?.boolValue == true)
    #expect(root["no"]?.boolValue == false)
    #expect(root["z"]?.isNull == true)
    #expect(root["missing"] == nil)
    #expect(root["long"]?.stringValue == "more than seven bytes")
    #expect(root["esc"]?.stringValue == "a\tb\u{e9}")
    #expect(root["esc"]?.withUTF8 { Array($0) } == Array("a\tb\u{e9}".utf8))
    let array = try #require(root["a"])
    #expect(array.count == 3)
    #expect(array[0]?.numberValue == JSONNumber(1))
    #expect(array[1]?.stringValue == "two")
    #expect(array[2]?.kind == .object && array[2]?.count == 0)
    #expect(array[3] == nil && array[-1] == nil && array["x"] == nil)
    #expect(array.elements.map(\.kindName) == ["number", "string", "object"])
    #expect(root.members.map(\.key) == ["id", "n", "ok", "no", "z", "a", "id", "long", "esc"])
    #expect(Array(root.members)[0].value.stringValue == "10_20")
    #expect(root.stringValue == nil && root.numberValue == nil && root.boolValue == nil)
    #expect(root["a"]?.members.underestimatedCount == 0)
    #expect(root["id"]?.elements.map(\.kindName) == [])
    #expect(root["z"]?.count == 0)
    #expect(document.byteSize > 0)
  }

  @Test func scalarDocumentsAndInlineBoundaries() throws {
    for text in [
      "1", "-0", "12345678", "1234567", "\"\"", "\"1234567\"", "\"12345678\"", "true", "null",
      " [ ] ", "{}", "\"é\"", "[\"a\",\"bcdefgh\",\"bcdefghi\"]",
      // Stops and escapes in the last eight bytes, where the scanner goes a byte at a time.
      "\"abcdefghijk\\n\"", "[\"ab\\u00e9\"]", "\"abcdefghij\\q\"", "\"abcdefghijkl",
      "\"abcdefghij\u{01}\"", "\"abcdefghij\\",
    ] {
      Self.expectSameOutcome(Array(text.utf8))
    }
    #expect(try JSONDocument(parsing: "\"1234567\"").root.stringValue == "1234567")
    #expect(try JSONDocument(parsing: "-12.5e3").root.numberValue?.text == "-12.5e3")
  }

  @Test func hugeStringsAndArraysKeepTheirLengthAndCount() throws {
    // Past the 24-bit length and count fields of a tape word.
    let long = String(repeating: "ab", count: (1 << 23) + 5)
    let document = try JSONDocument(parsing: "[\"" + long + "\",1]")
    #expect(document.root[0]?.stringValue == long)
    #expect(document.root[1]?.numberValue == JSONNumber(1))
    // Unescaped in place, then moved to make room for the eight-byte length.
    let escaped = try JSONDocument(
      parsing: "[\"\\n" + long + "\\u00e9\\ud83d\\ude00\",\"after the long one\",\"x\"]")
    #expect(escaped.root[0]?.stringValue == "\n" + long + "é😀")
    #expect(escaped.root[1]?.stringValue == "after the long one")
    #expect(escaped.root[2]?.stringValue == "x")
    let many = (1 << 24) + 3
    var bytes = [UInt8](repeating: UInt8(ascii: ","), count: 2 * many + 1)
    bytes[0] = UInt8(ascii: "[")
    for i in 0..<many { bytes[2 * i + 1] = UInt8(ascii: "7") }
    bytes[2 * many] = UInt8(ascii: "]")
    let array = try JSONDocument(parsing: bytes).root
    #expect(array.count == many)
  }

  @Test func sortedKeysKeepRepeatedKeysInOrder() throws {
    let text = #"{"b":1,"a":2,"b":3,"é":{"y":[],"x":null}}"#
    let document = try JSONDocument(parsing: text)
    let value = try JSONParser.parse(text)
    let sorted = JSONPrinter(options: [.sortedKeys])
    #expect(sorted.string(document.root) == #"{"a":2,"b":1,"b":3,"é":{"x":null,"y":[]}}"#)
    #expect(sorted.string(document.root) == sorted.string(value))
    var chunks: [[UInt8]] = []
    JSONPrinter(options: [.pretty]).write(document.root, chunkSize: 8) { chunks.append(Array($0)) }
    #expect(chunks.count > 1)
    #expect(chunks.joined().elementsEqual(JSONPrinter(options: [.pretty]).bytes(value)))
  }
}
