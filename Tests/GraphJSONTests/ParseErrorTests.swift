import GraphJSON
import Testing

/// Errors name the line, the column (in characters) and what was expected and found.
@Suite struct ParseErrorTests {
  static let cases: [(input: String, message: String)] = [
    (
      "{\n  \"a\": 1,\n  \"b\": [1, 2] ]",
      "line 3, column 15: expected ',' or '}' after an object member, found ']'"
    ),
    ("", "line 1, column 1: expected a value, found end of input"),
    ("  ", "line 1, column 3: expected a value, found end of input"),
    ("[1, 2", "line 1, column 6: expected ',' or ']' after an array element, found end of input"),
    ("[1,]", "line 1, column 4: expected a value, found ']'"),
    ("{\"a\" 1}", "line 1, column 6: expected ':' after an object key, found '1'"),
    ("{,}", "line 1, column 2: expected a string key or '}', found ','"),
    ("{\"a\":1,}", "line 1, column 8: expected a string key, found '}'"),
    ("[01]", "line 1, column 3: expected ',' or ']' after an array element, found '1'"),
    ("[1.]", "line 1, column 4: expected a digit after '.', found ']'"),
    ("[1e]", "line 1, column 4: expected a digit in the exponent, found ']'"),
    ("-", "line 1, column 2: expected a digit, found end of input"),
    ("tru", "line 1, column 4: expected 'true', found end of input"),
    ("nul!", "line 1, column 4: expected 'null', found '!'"),
    ("[\"abc", "line 1, column 6: expected '\"' to close the string, found end of input"),
    ("\"a\tb\"", "line 1, column 3: expected a string character or '\"', found a tab"),
    (
      "\"\\x\"",
      "line 1, column 3: expected an escape character (one of \" \\ / b f n r t u), found 'x'"
    ),
    ("\"\\u12G4\"", "line 1, column 6: expected four hex digits after '\\u', found 'G'"),
    ("[1] [2]", "line 1, column 5: expected end of input, found '['"),
    ("[\"é\", é]", "line 1, column 7: expected a value, found 'é' (U+00E9)"),
    ("{\"é\":\n\n   x}", "line 3, column 4: expected a value, found 'x'"),
    (
      "[1,\r\n 2,\r\n 3 4]",
      "line 3, column 4: expected ',' or ']' after an array element, found '4'"
    ),
  ]

  @Test(arguments: cases)
  func messageNamesPositionExpectedAndFound(_ input: String, _ message: String) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(input) }
    do {
      _ = try JSONParser.parse(input)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func invalidUTF8InAStringPointsAtTheBadByte() {
    let bytes: [UInt8] = Array("[\"ab".utf8) + [0xFF] + Array("\"]".utf8)
    do {
      _ = try JSONParser.parse(bytes)
      Issue.record("accepted invalid UTF-8")
    } catch {
      #expect(error.reason == .invalidUTF8)
      #expect(error.offset == 4)
      #expect(error.column == 5)
    }
  }

  @Test func invalidUTF8AfterAnEscapeIsRejected() {
    let bytes: [UInt8] = Array("\"\\n".utf8) + [0xC3] + Array("\"".utf8)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
  }

  @Test func byteOrderMarkIsRejected() {
    #expect(throws: JSONParseError.self) { try JSONParser.parse([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]) }
  }
}
