/// The parser behind `JSONPath(parsing:)`, over the text's Unicode scalars.
struct JSONPathParser {
  let scalars: [Unicode.Scalar]
  var index = 0

  init(text: String) { scalars = Array(text.unicodeScalars) }

  /// Whether `scalar` may appear in a bare key.
  static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case ".", "[", "]", "\"", "'": return false
    default: return scalar.value > 0x20 && scalar.value != 0x7F && !scalar.properties.isWhitespace
    }
  }

  /// Whether `key` can be written bare (else it needs `["..."]`).
  static func isPlainKey(_ key: String) -> Bool {
    !key.isEmpty && key.unicodeScalars.allSatisfy(isKeyScalar)
  }

  mutating func parse() throws(JSONPathError) -> [JSONPath.Component] {
    var components: [JSONPath.Component] = []
    if peek == "." {
      index += 1
      if index == scalars.count { return [] }
    }
    if index == scalars.count { return [] }
    if peek != "[" { components.append(.key(try parseKey(expected: "a key or '['"))) }
    while let scalar = peek {
      switch scalar {
      case ".":
        index += 1
        components.append(.key(try parseKey(expected: "a key after '.'")))
      case "[":
        components.append(try parseBracket())
      default:
        throw error(expected: "'.' or '['")
      }
    }
    return components
  }

  private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  private mutating func parseKey(expected: String) throws(JSONPathError) -> String {
    let start = index
    while let scalar = peek, Self.isKeyScalar(scalar) { index += 1 }
    guard index > start else { throw error(expected: expected) }
    var key = ""
    key.unicodeScalars.append(contentsOf: scalars[start..<index])
    return key
  }

  private mutating func parseBracket() throws(JSONPathError) -> JSONPath.Component {
    index += 1
    let component: JSONPath.Component
    if peek == "\"" {
      component = .key(try parseQuotedKey())
      guard peek == "]" else { throw error(expected: "']' after a quoted key") }
    } else if let scalar = peek, scalar == "-" || ("0"..."9").contains(scalar) {
      let start = index
      index += 1
      while let digit = peek, ("0"..."9").contains(digit) { index += 1 }
      var digits = ""
      digits.unicodeScalars.append(contentsOf: scalars[start..<index])
      guard let number = Int(digits) else {
        index = start
        throw error(expected: "an index")
      }
      component = .index(number)
      guard peek == "]" else { throw error(expected: "']' after an index") }
    } else {
      throw error(expected: "an index or a quoted key after '['")
    }
    index += 1
    return component
  }

  /// A JSON string literal starting at `index`, decoded by the JSON parser.
  private mutating func parseQuotedKey() throws(JSONPathError) -> String {
    let start = index
    index += 1
    while let scalar = peek, scalar != "\"" {
      index += scalar == "\\" ? 2 : 1
    }
    guard index < scalars.count else {
      index = scalars.count
      throw error(expected: "'\"' to close the key")
    }
    index += 1
    var literal = ""
    literal.unicodeScalars.append(contentsOf: scalars[start..<index])
    switch Result(catching: { () throws(JSONParseError) in try JSONParser.parse(literal) }) {
    case .success(.string(let key)): return key
    case .success: throw error(expected: "a quoted key")
    case .failure(let parseError):
      throw JSONPathError(
        expected: Self.expected(in: parseError), found: Self.found(in: parseError),
        column: start + parseError.column)
    }
  }

  private static func expected(in error: JSONParseError) -> String {
    if case .unexpected(let expected, _) = error.reason { return expected }
    return error.message
  }

  private static func found(in error: JSONParseError) -> String {
    if case .unexpected(_, let found) = error.reason { return found }
    return "invalid text"
  }

  private func error(expected: String) -> JSONPathError {
    let found: String
    if let scalar = peek {
      found = scalar.value < 0x20 || scalar.value == 0x7F ? "a control character" : "'\(scalar)'"
    } else {
      found = "end of input"
    }
    return JSONPathError(expected: expected, found: found, column: index + 1)
  }
}
