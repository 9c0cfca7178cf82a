import GraphJSON
import GraphJSONTestSupport
import Testing

/// Arbitrary bytes never crash the parser, and every error points inside the input.
@Suite struct ParserRobustnessTests {
  static let alphabet =
    Array(#"{}[],:"\ 0123456789.eE+-tfnrulsa"#.utf8) + [
      0x0A, 0x00, 0xC3, 0xA9, 0xFF, 0xED, 0xA0, 0x80,
    ]

  @Test func randomBytesParseOrFailWithAPositionInside() {
    var random = SeededRandomNumberGenerator(seed: 7)
    for _ in 0..<3000 {
      let length = Int.random(in: 0...40, using: &random)
      let bytes = (0..<length).map { _ in Self.alphabet.randomElement(using: &random)! }
      do {
        let value = try JSONParser.parse(bytes)
        #expect(try JSONParser.parse(value.compactText) == value)
      } catch {
        #expect(error.offset >= 0 && error.offset <= bytes.count)
        #expect(error.line >= 1 && error.column >= 1)
        #expect(!error.description.isEmpty)
      }
    }
  }

  @Test func everyTruncationOfAValidDocumentFails() throws {
    let text = Array(#"{"a":[1.5e3,"é\n",{"b":null}],"c":true,"d":"\ud83d\ude00"}"#.utf8)
    _ = try JSONParser.parse(text)
    for end in 0..<text.count {
      #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(text[..<end])) }
    }
  }

  @Test func repeatedShortStringsAndNumbersKeepTheirOwnText() throws {
    // The short-string cache must never hand back another string's text.
    let value = try JSONParser.parse(#"["id","id ","12","12",12,120,"Zoë","Zoe","",1e1,"1e1"]"#)
    #expect(value.compactText == #"["id","id ","12","12",12,120,"Zoë","Zoe","",1e1,"1e1"]"#)
  }
}
