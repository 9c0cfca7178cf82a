import GraphJSON
import Testing

@Suite struct JSONValueTests {
  @Test(arguments: ["1.10", "1e400", "12345678901234567890", "-0", "0.5E-3"])
  func numbersPrintBackUnchanged(_ text: String) throws {
    let value = try JSONParser.parse("[\(text)]")
    #expect(value.compactText == "[\(text)]")
  }

  @Test func numbersCompareByValue() throws {
    #expect(try JSONParser.parse("1.0") == JSONParser.parse("1"))
    #expect(try JSONParser.parse("1e2") == JSONParser.parse("100"))
    #expect(try JSONParser.parse("-0") == JSONParser.parse("0"))
    #expect(try JSONParser.parse("1.5") != JSONParser.parse("1.50001"))
  }

  @Test func objectsKeepOrderAndCompareAsSets() throws {
    let a = try JSONParser.parse(#"{"b":1,"a":2}"#)
    let b = try JSONParser.parse(#"{"a":2,"b":1}"#)
    #expect(a == b)
    #expect(a.compactText == #"{"b":1,"a":2}"#)
  }

  @Test func surrogatePairsAreUnescaped() throws {
    let value = try JSONParser.parse(#""\ud83d\ude00 caf\u00e9""#)
    #expect(value == .string("😀 café"))
  }

  @Test func errorsNameLineAndColumn() {
    #expect(throws: JSONParseError.self) { try JSONParser.parse("{\n  \"a\": 1\n  ]") }
    do {
      _ = try JSONParser.parse("{\n  \"a\": 1,\n  \"b\": [1, 2] ]")
    } catch {
      #expect(
        error.description
          == "line 3, column 15: expected ',' or '}' after an object member, found ']'")
    }
  }
}
