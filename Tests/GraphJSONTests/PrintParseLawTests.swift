import GraphJSON
import GraphJSONTestSupport
import Testing

/// Law: printing a value with any options and parsing the text gives the same value (and,
/// without sorting, the same key order and number texts).
@Suite struct PrintParseLawTests {
  static let allOptions: [JSONPrinter.Options] = (0..<16).map { JSONPrinter.Options(rawValue: $0) }

  @Test(arguments: allOptions)
  func printThenParseIsIdentity(_ options: JSONPrinter.Options) throws {
    var random = SeededRandomNumberGenerator(seed: 0x6A73_6F6E + UInt64(options.rawValue))
    let printer = JSONPrinter(options: options)
    for _ in 0..<300 {
      let value = RandomJSON.value(using: &random)
      var text = printer.string(value)
      if options.contains(.color) { text = Self.strippingColors(text) }
      let parsed = try JSONParser.parse(text)
      #expect(parsed == value, "\(text)")
      if !options.contains(.sortedKeys) && !options.contains(.asciiOnly) {
        // Same structure and number text: printing again gives the same bytes.
        #expect(JSONPrinter(options: []).string(parsed) == JSONPrinter(options: []).string(value))
      }
    }
  }

  /// Removes ANSI escapes (`ESC [ ... m`); JSON text never holds a raw ESC, so none is lost.
  static func strippingColors(_ text: String) -> String {
    var result = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if scalar == "m" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  @Test func colorStrippingRemovesOnlyEscapes() {
    #expect(Self.strippingColors("\u{1B}[1;39m[\u{1B}[0m1]") == "[1]")
  }
}
