import GraphJSON

/// Reads the YAML subset VCR cassettes are written in (Psych and PyYAML block style) into a
/// JSON value: block mappings and sequences, plain, single- and double-quoted scalars over
/// several lines, literal and folded block scalars, simple flow collections, comments and
/// document markers. `!binary` / `!!binary` scalars become `{"!binary": "<base64>"}`; other
/// tags are ignored. Anchors and aliases are refused with a clear error.
struct YAMLReader {
  /// A problem and where: 1-based line and column.
  struct Failure: Error {
    var line: Int
    var column: Int
    var message: String
  }

  /// The file's lines as Unicode scalars (4 bytes each and no grapheme breaking, where
  /// `Character`s took 16 and most of the reading time); columns count scalars.
  var lines: [[Unicode.Scalar]]
  var index = 0
  /// How many block and flow collections enclose the node being read.
  var depth = 0

  /// The deepest nesting read, the JSON parser's default: deeper files fail with the same
  /// message (`nesting deeper than 512 levels`) rather than overflowing the stack.
  static let maxDepth = JSONParser().maxDepth

  /// Parses `text`.
  ///
  /// - Throws: `Failure` with line and column.
  static func parse(_ text: String) throws(Failure) -> JSONValue {
    var reader = YAMLReader(lines: Self.lines(of: text))
    reader.skipBlank()
    if reader.index < reader.lines.count,
      reader.content(reader.index).starts(with: "---".unicodeScalars)
    {
      let rest = Array(reader.content(reader.index).dropFirst(3))
      if rest.allSatisfy({ $0 == " " }) {
        reader.index += 1
      } else {
        reader.lines[reader.index] = Array(repeating: " ", count: 4) + rest.drop { $0 == " " }
      }
    }
    reader.skipBlank()
    guard reader.index < reader.lines.count else { return .null }
    let value = try reader.node(minIndent: 0)
    reader.skipBlank()
    if reader.index < reader.lines.count,
      !reader.content(reader.index).elementsEqual("...".unicodeScalars)
    {
      throw reader.failure(
        "unexpected content (bad indentation?)", column: reader.indent(reader.index) + 1)
    }
    return value
  }

  /// The lines of `text` without their ends: LF or CRLF (Swift reads `\r\n` as one
  /// `Character`, so the split is made on bytes), and without a leading byte order mark.
  static func lines(of text: String) -> [[Unicode.Scalar]] {
    var bytes = Substring(text).utf8[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      Array(
        String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self).unicodeScalars)
    }
  }

  func indent(_ i: Int) -> Int { lines[i].prefix { $0 == " " }.count }
  func content(_ i: Int) -> ArraySlice<Unicode.Scalar> { lines[i].drop { $0 == " " } }

  private func isBlank(_ i: Int) -> Bool {
    let c = content(i)
    return c.isEmpty || c.first == "#"
  }

  private mutating func skipBlank() {
    while index < lines.count, isBlank(index) { index += 1 }
  }

  func failure(_ message: String, column: Int = 1, line: Int? = nil) -> Failure {
    Failure(line: (line ?? index) + 1, column: column, message: message)
  }

  private static func isSequenceItem(_ c: ArraySlice<Unicode.Scalar>) -> Bool {
    c.first == "-" && (c.count == 1 || c.dropFirst().first == " ")
  }

  /// The column of the `:` that ends a mapping key on this content, if it is a key line.
  private static func keyColon(_ c: ArraySlice<Unicode.Scalar>) -> Int? {
    var i = c.startIndex
    if c.first == "'" || c.first == "\"" {
      let quote = c.first!
      i = c.index(after: i)
      while i < c.endIndex {
        if c[i] == "\\", quote == "\"" {
          i = c.index(i, offsetBy: 2, limitedBy: c.endIndex) ?? c.endIndex
          continue
        }
        if c[i] == quote {
          if quote == "'", c.index(after: i) < c.endIndex, c[c.index(after: i)] == "'" {
            i = c.index(i, offsetBy: 2)
            continue
          }
          break
        }
        i = c.index(after: i)
      }
      guard i < c.endIndex else { return nil }
      let after = c.index(after: i)
      guard after < c.endIndex, c[after] == ":" else { return nil }
      let next = c.index(after: after)
      return next == c.endIndex || c[next] == " " ? after : nil
    }
    if "[{\"'|>!&*".unicodeScalars.contains(c.first ?? " ") { return nil }
    while i < c.endIndex {
      if c[i] == ":" {
        let next = c.index(after: i)
        if next == c.endIndex || c[next] == " " { return i }
      }
      if c[i] == "#", i > c.startIndex, c[c.index(before: i)] == " " { return nil }
      i = c.index(after: i)
    }
    return nil
  }

  private mutating func node(minIndent: Int) throws(Failure) -> JSONValue {
    skipBlank()
    guard index < lines.count, indent(index) >= minIndent else { return .null }
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maxDepth else {
      throw failure("nesting deeper than \(Self.maxDepth) levels", column: indent(index) + 1)
    }
    let n = indent(index)
    let c = content(index)
    if Self.isSequenceItem(c) { return try sequence(indent: n) }
    if Self.keyColon(c) != nil { return try mapping(indent: n) }
    return try scalarValue(startColumn: n, parentIndent: minIndent - 1)
  }

  private mutating func mapping(indent n: Int) throws(Failure) -> JSONValue {
    var object = JSONObject()
    while true {
      skipBlank()
      guard index < lines.count, indent(index) == n else { break }
      let c = content(index)
      guard let colon = Self.keyColon(c) else {
        if Self.isSequenceItem(c) { break }
        throw failure("expected a mapping key", column: n + 1)
      }
      let keyText = String(scalars: c[c.startIndex..<colon]).trimmingSpaces
      let key: String
      if keyText.first == "'" || keyText.first == "\"" {
        var scratch = YAMLReader(lines: [Array(keyText.unicodeScalars)])
        guard case .string(let s) = try scratch.scalarValue(startColumn: 0, parentIndent: -1)
        else { throw failure("bad quoted key", column: n + 1) }
        key = s
      } else {
        key = keyText
      }
      let valueColumn = colon + 1
      let rest = lines[index][valueColumn...].drop { $0 == " " }
      if rest.isEmpty || rest.first == "#" {
        index += 1
        skipBlank()
        if index < lines.count, indent(index) > n {
          object.append(key, try node(minIndent: n + 1))
        } else if index < lines.count, indent(index) == n, Self.isSequenceItem(content(index)) {
          object.append(key, try sequence(indent: n))
        } else {
          object.append(key, .null)
        }
      } else {
        object.append(key, try scalarValue(startColumn: rest.startIndex, parentIndent: n))
      }
    }
    return .object(object)
  }

  private mutating func sequence(indent n: Int) throws(Failure) -> JSONValue {
    var items: [JSONValue] = []
    while true {
      skipBlank()
      guard index < lines.count, indent(index) == n, Self.isSequenceItem(content(index)) else {
        break
      }
      // Turn `- item` into the item indented by two, then read it as a node.
      lines[index][n] = " "
      if content(index).isEmpty {
        index += 1
        items.append(try node(minIndent: n + 1))
      } else {
        items.append(try node(minIndent: n + 1))
      }
    }
    return .array(items)
  }

  /// A scalar (or tagged scalar, block scalar, flow collection) starting at `startColumn` of the
  /// current line; continuation lines must be indented deeper than `parentIndent`.
  private mutating func scalarValue(startColumn: Int, parentIndent: Int) throws(Failure)
    -> JSONValue
  {
    var column = startColumn
    var line = lines[index]
    var binary = false
    if line[column] == "&" || line[column] == "*" {
      throw failure("anchors and aliases are not supported", column: column + 1)
    }
    if line[column] == "!" {
      let end = line[column...].firstIndex(of: " ") ?? line.endIndex
      let tag = String(scalars: line[column..<end])
      binary = tag == "!binary" || tag == "!!binary"
      column = line[end...].firstIndex { $0 != " " } ?? line.endIndex
      if column == line.endIndex {
        index += 1
        let value = try node(minIndent: parentIndent + 1)
        return binary ? [VCRCodec.binaryTag: value] : value
      }
      line = lines[index]
    }
    let value: JSONValue
    switch line[column] {
    case "|", ">":
      value = try blockScalar(header: Array(line[column...]), parentIndent: parentIndent)
    case "'", "\"": value = .string(try quoted(column: column))
    case "[", "{": value = try flow(column: column)
    default: value = plain(column: column, parentIndent: parentIndent)
    }
    return binary ? [VCRCodec.binaryTag: value] : value
  }

  private mutating func plain(column: Int, parentIndent: Int) -> JSONValue {
    var parts: [String] = [Self.stripComment(lines[index][column...])]
    index += 1
    while index < lines.count, !isBlank(index), indent(index) > parentIndent,
      Self.keyColon(content(index)) == nil || parentIndent < 0,
      !Self.isSequenceItem(content(index))
    {
      parts.append(Self.stripComment(content(index)))
      index += 1
    }
    let text = parts.joined(separator: " ")
    return Self.typed(text)
  }

  private static func stripComment(_ c: ArraySlice<Unicode.Scalar>) -> String {
    var out: [Unicode.Scalar] = []
    for (i, ch) in zip(c.indices, c) {
      if ch == "#", i > c.startIndex, c[c.index(before: i)] == " " { break }
      out.append(ch)
    }
    return String(scalars: out).trimmingSpaces
  }

  static func typed(_ text: String) -> JSONValue {
    switch text {
    case "", "~", "null", "Null", "NULL": return .null
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    default:
      // Only text made of number characters can be a number; the JSON parser settles it.
      let numeric =
        (text.first?.isASCII ?? false) && (text.first!.isNumber || text.first == "-")
        && text.allSatisfy { "0123456789+-.eE".contains($0) }
      if numeric, let number = try? JSONParser.parse(text), case .number = number {
        return number
      }
      return .string(text)
    }
  }

  /// A flow collection (`[]`, `{}`, `[a, 'b']`, `{a: 1}`), possibly spread over lines: lines are
  /// gathered until the brackets balance, then parsed once.
  private mutating func flow(column: Int) throws(Failure) -> JSONValue {
    let startLine = index
    var text = Array(lines[index][column...])
    var brackets = BracketCounter()
    brackets.scan(text)
    index += 1
    while brackets.depth > 0, index < lines.count {
      let more = [" "] + content(index)
      brackets.scan(more)
      text += more
      index += 1
    }
    var parser = FlowParser(chars: text, maxDepth: Self.maxDepth - depth)
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
    var quote: Unicode.Scalar?
    var escaped = false

    mutating func scan(_ text: some Collection<Unicode.Scalar>) {
      for c in text {
        if let q = quote {
          if escaped {
            escaped = false
          } else if c == "\\", q == "\"" {
            escaped = true
          } else if c == q {
            quote = nil
          }
        } else if c == "'" || c == "\"" {
          quote = c
        } else if c == "[" || c == "{" {
          depth += 1
        } else if c == "]" || c == "}" {
          depth -= 1
        }
      }
    }
  }

}

extension String {
  /// The string made of `scalars`.
  init(scalars: some Sequence<Unicode.Scalar>) {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    self = String(view)
  }
}
