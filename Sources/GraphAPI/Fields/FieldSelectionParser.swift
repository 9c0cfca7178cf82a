/// Recursive-descent parser for the field-selection grammar:
///
///     selection := field (',' field)*
///     field     := name ('.' modifier '(' arguments ')')* ('{' selection '}')?
///
/// Nesting is limited to 64 levels, far beyond any real selection.
struct FieldSelectionParser {
  private let chars: [Character]
  private var index = 0
  private var depth = 0
  private static let maxDepth = 64

  /// The text one Unicode scalar per element: as graphemes, a combining mark after `(` or `,`
  /// would merge with it and hide the punctuation (the canonical text of a selection the
  /// fuzzer found did not parse back).
  init(text: String) { self.chars = text.unicodeScalars.map(Character.init) }

  mutating func parseAll() throws(FieldSelectionError) -> FieldSelection {
    skipSpaces()
    if index == chars.count { return FieldSelection() }
    let selection = try parseSelection()
    skipSpaces()
    if index < chars.count {
      throw fail("expected ',' or the end of the selection, found '\(chars[index])'")
    }
    return selection
  }

  private mutating func parseSelection() throws(FieldSelectionError) -> FieldSelection {
    depth += 1
    defer { depth -= 1 }
    if depth > Self.maxDepth { throw fail("selection nested deeper than \(Self.maxDepth) levels") }
    var fields: [FieldSelection.Field] = []
    while true {
      skipSpaces()
      fields.append(try parseField())
      skipSpaces()
      if peek == "," {
        index += 1
        continue
      }
      return FieldSelection(fields)
    }
  }

  private mutating func parseField() throws(FieldSelectionError) -> FieldSelection.Field {
    let name = try parseName(what: "a field name")
    var field = FieldSelection.Field(name: name)
    while peek == "." {
      index += 1
      let modifierName = try parseName(what: "a modifier name after '.'")
      guard peek == "(" else { throw fail("expected '(' after modifier '\(modifierName)'") }
      index += 1
      if modifierName == "fields" {
        skipSpaces()
        if peek == ")" { throw fail("expected a field name inside .fields()") }
        field.subfields = try parseSelection()
        skipSpaces()
        guard peek == ")" else { throw fail("expected ')' to close .fields(") }
        index += 1
        continue
      }
      let argumentsStart = index
      let arguments = try parseArguments(of: modifierName)
      if modifierName == "as" {
        guard arguments.count == 1, !arguments[0].isEmpty else {
          index = argumentsStart
          throw fail("expected one alias name in .as()")
        }
        field.alias = arguments[0]
      } else {
        field.modifiers.append(.init(name: modifierName, arguments: arguments))
      }
    }
    skipSpaces()
    if peek == "{" {
      index += 1
      skipSpaces()
      if peek == "}" { throw fail("expected a field name inside '{}'") }
      field.subfields = try parseSelection()
      skipSpaces()
      guard peek == "}" else {
        throw fail("expected ',' or '}' in the selection of '\(name)', found \(describePeek())")
      }
      index += 1
    }
    return field
  }

  private mutating func parseArguments(of modifier: String) throws(FieldSelectionError) -> [String]
  {
    var arguments: [String] = []
    var current = ""
    while let c = peek {
      index += 1
      switch c {
      case ")":
        arguments.append(current.trimmingSpaces)
        return arguments.count == 1 && arguments[0].isEmpty ? [] : arguments
      case ",":
        arguments.append(current.trimmingSpaces)
        current = ""
      case "(", "{", "}":
        index -= 1
        throw fail("unexpected '\(c)' in the arguments of .\(modifier)()")
      default:
        current.append(c)
      }
    }
    throw fail("expected ')' to close .\(modifier)(")
  }

  private mutating func parseName(what: String) throws(FieldSelectionError) -> String {
    let start = index
    while let c = peek, c.isLetter || c.isNumber || c == "_" || c == "-" || c == ":" { index += 1 }
    guard index > start else { throw fail("expected \(what), found \(describePeek())") }
    return String(chars[start..<index])
  }

  private var peek: Character? { index < chars.count ? chars[index] : nil }

  private func describePeek() -> String {
    guard let c = peek else { return "the end" }
    return "'\(c)'"
  }

  private mutating func skipSpaces() {
    while let c = peek, c.isWhitespace { index += 1 }
  }

  private func fail(_ message: String) -> FieldSelectionError {
    FieldSelectionError(message: message, column: index + 1)
  }
}
