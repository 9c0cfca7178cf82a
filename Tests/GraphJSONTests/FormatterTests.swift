import GraphJSON
import GraphJSONTestSupport
import Testing

/// The streaming formatter prints exactly what the tree printer prints for the parsed value,
/// and rejects exactly what the parser rejects, with the same error.
@Suite struct FormatterTests {
  static let optionSets: [JSONPrinter.Options] = (0..<16).map { JSONPrinter.Options(rawValue: $0) }
  static let documents = JSONTestSuite.cases("y_") + JSONTestSuite.cases("i_")

  @Test(arguments: documents)
  func formatsLikeParseThenPrint(_ testCase: JSONTestSuite.Case) throws {
    let parsed = Result { () throws(JSONParseError) in try JSONParser.parse(testCase.bytes) }
    for options in Self.optionSets {
      let formatter = JSONFormatter(options: options)
      let formatted = Result { () throws(JSONParseError) in try formatter.format(testCase.bytes) }
      switch (parsed, formatted) {
      case (.success(let value), .success(let bytes)):
        #expect(bytes == JSONPrinter(options: options).bytes(value), "\(options)")
      case (.failure(let a), .failure(let b)):
        #expect(a == b)
      default:
        Issue.record("parser and formatter disagree on \(testCase.name)")
      }
    }
  }

  @Test(arguments: JSONTestSuite.cases("n_"))
  func rejectsWithTheParsersError(_ testCase: JSONTestSuite.Case) throws {
    do {
      _ = try JSONParser.parse(testCase.bytes)
      Issue.record("parser accepted \(testCase.name)")
    } catch {
      for options: JSONPrinter.Options in [[], [.pretty, .color]] {
        #expect(throws: error) { try JSONFormatter(options: options).format(testCase.bytes) }
      }
      #expect(throws: error) {
        try testCase.bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
          try JSONFormatter().validate(buffer)
        }
      }
    }
  }

  @Test func agreesWithTheParserOnRandomDocumentsAndTheirCorruptions() throws {
    var random = SeededRandomNumberGenerator(seed: 42)
    for round in 0..<400 {
      let value = RandomJSON.value(using: &random)
      var text = Array(JSONPrinter(options: round % 2 == 0 ? [.pretty] : []).bytes(value))
      if round % 3 == 0, !text.isEmpty {
        // Corrupt one byte: both must fail the same way, or both succeed alike.
        let position = Int.random(in: 0..<text.count, using: &random)
        text[position] = [UInt8(ascii: ","), 0x22, 0x5C, 0x0A, 0xFF, 0x7D][round % 6]
      }
      let parsed = Result { () throws(JSONParseError) in try JSONParser.parse(text) }
      let formatter = JSONFormatter(options: [.pretty])
      let formatted = Result { () throws(JSONParseError) in try formatter.format(text) }
      switch (parsed, formatted) {
      case (.success(let value), .success(let bytes)):
        #expect(bytes == JSONPrinter(options: [.pretty]).bytes(value))
      case (.failure(let a), .failure(let b)):
        #expect(a == b)
      default:
        Issue.record("parser and formatter disagree on \(String(decoding: text, as: UTF8.self))")
      }
    }
  }

  @Test func normalisesEscapesAndKeepsNumbers() throws {
    let input = Array(#"{"a\/b":"\u00e9\n\ud83d\ude00", "n": [1.10, 1e400, -0]}"#.utf8)
    let output = try JSONFormatter(options: []).format(input)
    #expect(String(decoding: output, as: UTF8.self) == #"{"a/b":"é\n😀","n":[1.10,1e400,-0]}"#)
  }

  @Test func streamsInPiecesThatAreValidUTF8() throws {
    let input = Array(#"["é😀 é😀 é😀", {"ü": "日本語テキスト"}, 123456789]"#.utf8)
    var pieces: [[UInt8]] = []
    try input.withUnsafeBufferPointer { buffer throws(JSONParseError) in
      try JSONFormatter(options: [.pretty, .color]).format(buffer, chunkSize: 3) {
        pieces.append(Array($0))
      }
    }
    #expect(pieces.count >= 4)
    for piece in pieces { #expect(String(validating: piece, as: UTF8.self) != nil) }
    #expect(pieces.flatMap { $0 } == (try JSONFormatter(options: [.pretty, .color]).format(input)))
  }

  @Test func nestingLimitMatchesTheParser() {
    let deep = Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
    #expect(throws: JSONParseError.self) { try JSONFormatter().format(deep) }
    #expect(throws: Never.self) { try JSONFormatter(maxDepth: 1000).format(deep) }
  }
}
