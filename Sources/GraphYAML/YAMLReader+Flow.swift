import GraphJSON

/// Flow collections gathered over lines, and the typing of plain scalars (null, booleans,
/// numbers, strings) shared with the flow parser.
extension YAMLReader {
  /// What a plain scalar of `text` is typed as, by YAML's core rules.
  enum PlainType: Equatable {
    case null
    case bool(Bool)
    case number
    case string
  }

  /// The type of a plain scalar of `text`, without making a value of it (what `typed` and
  /// `FlowListPacker` decide by).
  static func plainType<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> PlainType
  where Text.Index == Int {
    switch text.count {
    case 0: return .null
    case 1 where text.first == UInt8(ascii: "~"): return .null
    case 4:
      if text.elementsEqual("null".utf8) || text.elementsEqual("Null".utf8)
        || text.elementsEqual("NULL".utf8)
      {
        return .null
      }
      if text.elementsEqual("true".utf8) || text.elementsEqual("True".utf8)
        || text.elementsEqual("TRUE".utf8)
      {
        return .bool(true)
      }
    case 5:
      if text.elementsEqual("false".utf8) || text.elementsEqual("False".utf8)
        || text.elementsEqual("FALSE".utf8)
      {
        return .bool(false)
      }
    default: break
    }
    if let first = text.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
      isJSONNumber(text)
    {
      return .number
    }
    return .string
  }

  static func typed<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> JSONValue
  where Text.Index == Int {
    switch plainType(text) {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .number: return .number(JSONNumber(text: String(decoding: text, as: UTF8.self)))
    case .string: return .string(String(decoding: text, as: UTF8.self))
    }
  }

  /// Whether `text` is a JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  static func isJSONNumber<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> Bool
  where Text.Index == Int {
    var i = text.startIndex
    let e = text.endIndex
    func digits() -> Int {
      let s = i
      while i < e, (0x30...0x39).contains(text[i]) { i += 1 }
      return i - s
    }
    if i < e, text[i] == UInt8(ascii: "-") { i += 1 }
    guard i < e else { return false }
    if text[i] == 0x30 {
      i += 1
    } else if digits() == 0 {
      return false
    }
    if i < e, text[i] == UInt8(ascii: ".") {
      i += 1
      guard digits() > 0 else { return false }
    }
    if i < e, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
      i += 1
      if i < e, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
      guard digits() > 0 else { return false }
    }
    return i == e
  }

  /// A flow collection (`[]`, `{}`, `[a, 'b']`, `{a: 1}`), possibly spread over lines: lines are
  /// gathered until the brackets balance, then parsed once. In a streamed item, a sequence of
  /// strings of `largeScalarLimit` bytes or more is kept out of the tree packed (its place
  /// holds `[]`), as large scalars are.
  mutating func flow(column: Int) throws(Failure) -> JSONValue {
    let startLine = position
    // The lines are walked twice, to measure the collection, then to copy it into an array
    // made at its size (a growing one held up to a quarter more, beside the parsed values).
    var brackets = BracketCounter()
    brackets.scan(bytes[(start + column)..<end])
    var total = end - start - column
    advance()
    let first = mark
    var lines = 0
    while brackets.depth > 0, !atEnd {
      let c = contentStart
      brackets.scan(bytes[c..<end])
      total += 1 + end - c
      lines += 1
      advance()
    }
    let last = mark
    mark = first
    var text: [UInt8] = []
    text.reserveCapacity(total)
    text.append(contentsOf: bytes[(startLine.start + column)..<startLine.end])
    for _ in 0..<lines {
      let c = contentStart
      text.append(Self.space)
      text.append(contentsOf: bytes[c..<end])
      advance()
    }
    mark = last
    if inItem, total >= largeScalarLimit, brackets.deepest == 1,
      let ends = FlowListPacker.pack(&text)
    {
      // A long list of strings (a header's values): its bytes, out of the tree.
      large.append(LargeScalar(path: itemPath, bytes: text, ends: ends))
      return .array([])
    }
    var parser = FlowParser(bytes: text, maxDepth: Self.maxDepth - depth)
    do {
      return try parser.parse()
    } catch .incomplete {
      throw failure("unterminated flow collection", column: column + 1, line: startLine)
    } catch .tooDeep {
      throw failure(
        "nesting deeper than \(Self.maxDepth) levels", column: column + 1, line: startLine)
    } catch {
      throw failure("malformed flow collection", column: column + 1, line: startLine)
    }
  }

  /// Counts the brackets a flow collection leaves open, line by line (quotes respected).
  struct BracketCounter {
    var depth = 0
    /// The most brackets open at once.
    var deepest = 0
    var quote: UInt8?
    var escaped = false

    mutating func scan<Text: Sequence<UInt8>>(_ text: Text) {
      for c in text {
        if let q = quote {
          if escaped {
            escaped = false
          } else if c == UInt8(ascii: "\\"), q == UInt8(ascii: "\"") {
            escaped = true
          } else if c == q {
            quote = nil
          }
        } else if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") {
          quote = c
        } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
          depth += 1
          deepest = Swift.max(deepest, depth)
        } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
          depth -= 1
        }
      }
    }
  }
}
