import GraphJSON
import GraphJSONTestSupport
import Testing

@Suite struct PrinterTests {
  static let sample: JSONValue = [
    "id": "1", "n": .number(JSONNumber(text: "1.10")), "ok": true, "none": nil,
    "list": [1, [], [:]], "nested": ["b": 2, "a": "x"],
  ]

  @Test func prettyUsesTwoSpacesAndOneMemberPerLine() {
    let expected = """
      {
        "id": "1",
        "n": 1.10,
        "ok": true,
        "none": null,
        "list": [
          1,
          [],
          {}
        ],
        "nested": {
          "b": 2,
          "a": "x"
        }
      }
      """
    #expect(JSONPrinter(options: [.pretty]).string(Self.sample) == expected)
    #expect(Self.sample.prettyText == expected)
  }

  @Test func compactHasNoWhitespace() {
    let expected =
      #"{"id":"1","n":1.10,"ok":true,"none":null,"list":[1,[],{}],"nested":{"b":2,"a":"x"}}"#
    #expect(JSONPrinter(options: []).string(Self.sample) == expected)
    #expect(Self.sample.compactText == expected)
  }

  @Test func sortedKeysOrdersByCodePointAtEveryLevel() throws {
    let value = try JSONParser.parse(#"{"b":1,"a":{"z":1,"é":2,"Z":3,"e":4},"B":0,"😀":1,"ｚ":2}"#)
    #expect(
      JSONPrinter(options: [.sortedKeys]).string(value)
        == #"{"B":0,"a":{"Z":3,"e":4,"z":1,"é":2},"b":1,"ｚ":2,"😀":1}"#)
  }

  @Test func sortedKeysKeepDuplicateOrderSoTheLastStillWins() throws {
    let value = try JSONParser.parse(#"{"b":1,"a":1,"b":2}"#)
    let printed = JSONPrinter(options: [.sortedKeys]).string(value)
    #expect(printed == #"{"a":1,"b":1,"b":2}"#)
    #expect(try JSONParser.parse(printed)["b"] == 2)
  }

  @Test func colorsWrapEachTokenByKind() throws {
    let value = try JSONParser.parse(#"{"k":[null,true,1.5,"s"]}"#)
    let e = "\u{1B}["
    let r = "\u{1B}[0m"
    let expected =
      "\(e)1;39m{\(r)\(e)34;1m\"k\"\(r)\(e)1;39m:\(r)\(e)1;39m[\(r)\(e)1;30mnull\(r)"
      + "\(e)1;39m,\(r)\(e)0;39mtrue\(r)\(e)1;39m,\(r)\(e)0;36m1.5\(r)\(e)1;39m,\(r)"
      + "\(e)0;32m\"s\"\(r)\(e)1;39m]\(r)\(e)1;39m}\(r)"
    #expect(JSONPrinter(options: [.color]).string(value) == expected)
  }

  @Test func paletteIsConfigurable() {
    var palette = JSONPrinter.Palette()
    palette.string = "35"
    #expect(
      JSONPrinter(options: [.color], palette: palette).string("x") == "\u{1B}[35m\"x\"\u{1B}[0m")
  }

  static let escapes: [(String, String)] = [
    ("plain", #""plain""#),
    ("quote\" back\\ slash/", #""quote\" back\\ slash/""#),
    ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
    ("\u{00}\u{01}\u{1F}\u{7F}", "\"\\u0000\\u0001\\u001f\u{7F}\""),
    ("café 😀 \u{2028}", "\"café 😀 \u{2028}\""),
    (
      String(repeating: "long text ", count: 5) + "\"",
      "\"" + String(repeating: "long text ", count: 5) + "\\\"\""
    ),
  ]

  @Test(arguments: escapes)
  func stringsEscapeOnlyWhatJSONRequires(_ text: String, _ printed: String) throws {
    #expect(JSONPrinter(options: []).string(.string(text)) == printed)
    #expect(try JSONParser.parse(printed) == .string(text))
  }

  @Test func asciiOnlyEscapesNonASCIIWithSurrogatePairs() {
    #expect(
      JSONPrinter(options: [.asciiOnly]).string("café 😀!")
        == #""caf\u00e9 \ud83d\ude00!""#)
  }

  @Test(arguments: ["1.10", "1e400", "12345678901234567890", "-0", "0.5E-3", "1E+2", "-1.0e-7"])
  func numbersKeepTheirExactText(_ text: String) throws {
    for options: JSONPrinter.Options in [[], [.pretty], [.sortedKeys, .asciiOnly]] {
      #expect(JSONPrinter(options: options).string(try JSONParser.parse(text)) == text)
    }
    #expect(try JSONParser.parse(#"{"n":\#(text)}"#).compactText == #"{"n":\#(text)}"#)
  }

  @Test func streamingWriteMatchesAndSplitsBetweenTokens() throws {
    let value = try JSONParser.parse(
      #"{"a":["é😀 long string here", 1, 2, {"b": "ü"}], "c": "\u0000"}"#)
    for options: JSONPrinter.Options in [[], [.pretty], [.pretty, .color]] {
      let printer = JSONPrinter(options: options)
      var chunks: [[UInt8]] = []
      printer.write(value, chunkSize: 4) { chunks.append(Array($0)) }
      #expect(chunks.count > 3)
      #expect(chunks.flatMap { $0 } == printer.bytes(value))
      for chunk in chunks { #expect(String(validating: chunk, as: UTF8.self) != nil) }
    }
  }
}
