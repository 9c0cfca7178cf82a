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

  private var lines: [[Character]]
  private var index = 0

  /// Parses `text`.
  ///
  /// - Throws: `Failure` with line and column.
  static func parse(_ text: String) throws(Failure) -> JSONValue {
    var reader = YAMLReader(
      lines: text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { line in Array(line.hasSuffix("\r") ? line.dropLast() : line) })
    reader.skipBlank()
    if reader.index < reader.lines.count, reader.content(reader.index).starts(with: "---") {
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
    if reader.index < reader.lines.count, !reader.content(reader.index).elementsEqual("...") {
      throw reader.failure(
        "unexpected content (bad indentation?)", column: reader.indent(reader.index) + 1)
    }
    return value
  }

  private func indent(_ i: Int) -> Int { lines[i].prefix { $0 == " " }.count }
  private func content(_ i: Int) -> ArraySlice<Character> { lines[i].drop { $0 == " " } }

  private func isBlank(_ i: Int) -> Bool {
    let c = content(i)
    return c.isEmpty || c.first == "#"
  }

  private mutating func skipBlank() {
    while index < lines.count, isBlank(index) { index += 1 }
  }

  private func failure(_ message: String, column: Int = 1, line: Int? = nil) -> Failure {
    Failure(line: (line ?? index) + 1, column: column, message: message)
  }

  private static func isSequenceItem(_ c: ArraySlice<Character>) -> Bool {
    c.first == "-" && (c.count == 1 || c.dropFirst().first == " ")
  }

  /// The column of the `:` that ends a mapping key on this content, if it is a key line.
  private static func keyColon(_ c: ArraySlice<Character>) -> Int? {
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
    if "[{\"'|>!&*".contains(c.first ?? " ") { return nil }
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
      let keyText = String(c[c.startIndex..<colon]).trimmingSpaces
      let key: String
      if keyText.first == "'" || keyText.first == "\"" {
        var scratch = YAMLReader(lines: [Array(keyText)])
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
      let tag = String(line[column..<end])
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

  private static func stripComment(_ c: ArraySlice<Character>) -> String {
    var out: [Character] = []
    for (i, ch) in zip(c.indices, c) {
      if ch == "#", i > c.startIndex, c[c.index(before: i)] == " " { break }
      out.append(ch)
    }
    return String(out).trimmingSpaces
  }

  static func typed(_ text: String) -> JSONValue {
    switch text {
    case "", "~", "null", "Null", "NULL": return .null
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    default:
      // Only text starting like a JSON number is handed to the JSON parser (cheaper).
      if let first = text.utf8.first, first == UInt8(ascii: "-") || (48...57).contains(first),
        let number = try? JSONParser.parse(text), case .number = number
      {
        return number
      }
      return .string(text)
    }
  }

  /// A single- or double-quoted scalar, possibly folded over several lines.
  private mutating func quoted(column: Int) throws(Failure) -> String {
    let quote = lines[index][column]
    let startLine = index
    var out = ""
    var i = column + 1
    var pendingBreaks = 0
    var atLineStart = false
    while true {
      let line = lines[index]
      if atLineStart {
        while i < line.count, line[i] == " " || line[i] == "\t" { i += 1 }
        if i == line.count {
          pendingBreaks += 1
          index += 1
          guard index < lines.count else { break }
          i = 0
          continue
        }
        out += pendingBreaks == 0 ? " " : String(repeating: "\n", count: pendingBreaks)
        pendingBreaks = 0
        atLineStart = false
      }
      guard i < line.count else {
        while out.hasSuffix(" ") { out.removeLast() }
        index += 1
        guard index < lines.count else { break }
        i = 0
        atLineStart = true
        continue
      }
      let ch = line[i]
      if ch == quote {
        if quote == "'", i + 1 < line.count, line[i + 1] == "'" {
          out.append("'")
          i += 2
          continue
        }
        let rest = line[(i + 1)...].drop { $0 == " " }
        guard
          rest.isEmpty || rest.first == "#" || rest.first == ":" || rest.first == ","
            || rest.first == "]" || rest.first == "}"
        else { throw failure("unexpected text after a quoted string", column: i + 2) }
        index += 1
        return out
      }
      if quote == "\"", ch == "\\" {
        guard i + 1 < line.count else {
          // An escaped line break: join without a space.
          index += 1
          guard index < lines.count else { break }
          i = 0
          while i < lines[index].count, lines[index][i] == " " { i += 1 }
          continue
        }
        let (text, used) = try escape(line, at: i + 1)
        out += text
        i += 1 + used
        continue
      }
      out.append(ch)
      i += 1
    }
    throw failure("unterminated quoted string", column: column + 1, line: startLine)
  }

  private func escape(_ line: [Character], at i: Int) throws(Failure) -> (String, Int) {
    let simple: [Character: String] = [
      "n": "\n", "t": "\t", "r": "\r", "\"": "\"", "\\": "\\", "/": "/", "0": "\0",
      "a": "\u{07}", "b": "\u{08}", "e": "\u{1B}", "f": "\u{0C}", "v": "\u{0B}", " ": " ",
      "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}", "\t": "\t",
    ]
    if let s = simple[line[i]] { return (s, 1) }
    let width: Int
    switch line[i] {
    case "x": width = 2
    case "u": width = 4
    case "U": width = 8
    default: throw failure("unknown escape \\\(line[i])", column: i + 1)
    }
    guard i + width < line.count, let code = UInt32(String(line[(i + 1)...(i + width)]), radix: 16),
      let scalar = Unicode.Scalar(code)
    else { throw failure("bad \\\(line[i]) escape", column: i + 1) }
    return (String(Character(scalar)), width + 1)
  }

  /// `|`, `|-`, `|+`, `>`, `>-` block scalars (an indentation digit is honoured).
  private mutating func blockScalar(header: [Character], parentIndent: Int) throws(Failure)
    -> JSONValue
  {
    let folded = header[0] == ">"
    var chomp: Character = " "
    var explicitIndent: Int?
    for ch in header.dropFirst() {
      if ch == "-" || ch == "+" {
        chomp = ch
      } else if let d = ch.wholeNumberValue {
        explicitIndent = d
      } else if ch == " " || ch == "#" {
        break
      }
    }
    index += 1
    var body: [String] = []
    var contentIndent = explicitIndent.map { max(parentIndent, 0) + $0 }
    while index < lines.count {
      let line = lines[index]
      let blank = line.allSatisfy { $0 == " " }
      if !blank {
        let n = indent(index)
        if contentIndent == nil { contentIndent = n }
        if n < contentIndent! || n <= parentIndent { break }
      }
      body.append(blank ? "" : String(line.dropFirst(contentIndent ?? 0)))
      index += 1
    }
    var trailing = 0
    while body.last == "" {
      body.removeLast()
      trailing += 1
    }
    var text: String
    if folded {
      text = ""
      for (i, l) in body.enumerated() {
        if i > 0 {
          let prev = body[i - 1]
          text += (prev.isEmpty || l.isEmpty || l.first == " " || prev.first == " ") ? "\n" : " "
        }
        text += l
      }
    } else {
      text = body.joined(separator: "\n")
    }
    switch chomp {
    case "-": break
    case "+": text += String(repeating: "\n", count: body.isEmpty ? trailing : trailing + 1)
    default: if !body.isEmpty { text += "\n" }
    }
    return .string(text)
  }

  /// A flow collection (`[]`, `{}`, `[a, 'b']`, `{a: 1}`), possibly spread over lines.
  ///
  /// The collection ends on the first line where the parser no longer runs out of text. Since
  /// more lines never make it run out again, that line is found by doubling the number of
  /// lines tried and then bisecting: O(n log n) in the collection's size, where trying one more
  /// line at a time re-parsed the whole text per line (quadratic; found by fuzzing).
  /// - Complexity: O(n log n) in the characters of the collection.
  private mutating func flow(column: Int) throws(Failure) -> JSONValue {
    let startLine = index
    let first = Array(lines[index][column...])
    /// The outcome of parsing the collection as the first `count` lines.
    func attempt(_ count: Int) -> Result<JSONValue, FlowParser.Incomplete> {
      var text = first
      for line in (startLine + 1)..<(startLine + count) { text += [" "] + content(line) }
      var parser = FlowParser(chars: text)
      return Result { () throws(FlowParser.Incomplete) in try parser.parse() }
    }
    let available = lines.count - startLine
    var complete = 1
    var outcome = attempt(1)
    var incomplete = 0  // the most lines known to run out of text
    while case .failure(.incomplete) = outcome {
      incomplete = complete
      guard complete < available else {
        throw failure("unterminated flow collection", column: column + 1, line: startLine)
      }
      complete = min(complete * 2, available)
      outcome = attempt(complete)
    }
    while complete - incomplete > 1 {
      let middle = (incomplete + complete) / 2
      let tried = attempt(middle)
      if case .failure(.incomplete) = tried {
        incomplete = middle
      } else {
        complete = middle
        outcome = tried
      }
    }
    index = startLine + complete
    guard case .success(let value) = outcome else {
      throw failure("malformed flow collection", column: column + 1, line: startLine)
    }
    return value
  }
}
