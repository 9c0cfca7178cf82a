import GraphJSON

/// Random JSON values for law tests: every kind, nesting, awkward strings (quotes,
/// backslashes, control characters, non-ASCII, astral characters, U+2028), duplicate keys
/// and numbers with exact texts (`-0`, `1.10`, `1e400`, 20-digit integers).
public enum RandomJSON {
  static let stringPieces = [
    "a", "id", "name", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{08}", "\u{0C}", "\u{01}",
    "\u{1F}", "\u{7F}", "é", "ß", "日本", "😀", "\u{2028}", "\u{FFFD}", "{", "]", ",", ":",
    "null", "0", "\u{1B}[0m",
  ]
  static let numberTexts = [
    "0", "-0", "1", "-1", "1.10", "1e400", "-1e-400", "12345678901234567890", "0.5E-3", "2E+10",
    "3.141592653589793238462643383279", "100", "1e2", "-0.0", "9007199254740993",
  ]

  /// A value nested at most `depth` levels.
  public static func value(
    using random: inout SeededRandomNumberGenerator, depth: Int = 4
  ) -> JSONValue {
    let kinds = depth > 0 ? 7 : 5
    switch Int.random(in: 0..<kinds, using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .number(number(using: &random))
    case 3, 4: return .string(string(using: &random))
    case 5:
      let count = Int.random(in: 0...5, using: &random)
      return .array((0..<count).map { _ in value(using: &random, depth: depth - 1) })
    default:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0...5, using: &random) {
        // A small key alphabet makes duplicate keys likely.
        let key =
          Bool.random(using: &random)
          ? ["id", "a", "é", ""].randomElement(using: &random)!
          : string(using: &random)
        object.append(key, value(using: &random, depth: depth - 1))
      }
      return .object(object)
    }
  }

  /// A string of a few random pieces.
  public static func string(using random: inout SeededRandomNumberGenerator) -> String {
    let count = Int.random(in: 0...6, using: &random)
    return (0..<count).map { _ in stringPieces.randomElement(using: &random)! }.joined()
  }

  /// A number: one of the awkward texts, or a random integer or decimal.
  public static func number(using random: inout SeededRandomNumberGenerator) -> JSONNumber {
    switch Int.random(in: 0..<3, using: &random) {
    case 0: return JSONNumber(text: numberTexts.randomElement(using: &random)!)
    case 1: return JSONNumber(Int.random(in: -1_000_000...1_000_000, using: &random))
    default:
      let whole = Int.random(in: -999...999, using: &random)
      let fraction = Int.random(in: 0...9999, using: &random)
      return JSONNumber(text: "\(whole).\(fraction)e\(Int.random(in: -20...20, using: &random))")
    }
  }
}
