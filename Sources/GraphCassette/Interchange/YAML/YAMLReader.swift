import GraphJSON

/// Reads the YAML subset VCR cassettes are written in (Psych and PyYAML block style) into a
/// JSON value: block mappings and sequences, plain, single- and double-quoted scalars over
/// several lines, literal and folded block scalars, simple flow collections, comments and
/// document markers. `!binary` / `!!binary` scalars become `{"!binary": "<base64>"}`; other
/// tags are ignored. Anchors and aliases are refused with a clear error.
///
/// The reader works on the file's bytes (UTF-8), line by line with a cursor, and makes strings
/// only for the final scalars; columns in errors count Unicode scalars. The items of one
/// top-level sequence (a cassette's interactions) can be handed to a sink one by one instead of
/// being kept, so that the whole file never exists as a tree.
struct YAMLReader {
  /// A problem and where: 1-based line and column.
  struct Failure: Error {
    var line: Int
    var column: Int
    var message: String
    /// The sink's own error, when it is what stopped the reading.
    var cause: CassetteError? = nil
  }

  /// Receives each item of the streamed sequence, with its index.
  typealias Sink = (JSONValue, Int) throws(CassetteError) -> Void

  /// The file (a `- ` item marker is blanked in place as the reader passes it, which is why
  /// the reader owns its bytes).
  var bytes: [UInt8]
  /// The current line is `bytes[start..<end]` (without LF or CRLF); `newline` is its LF or
  /// the end of the file; `number` counts from 0.
  var start = 0
  var end = 0
  var newline = 0
  var number = 0
  /// Past the last line.
  var atEnd = false
  /// How many block and flow collections enclose the node being read.
  var depth = 0
  /// The top-level key whose sequence goes to `sink`, and the sink.
  var streamKey: String?
  var sink: Sink?
  /// The index in the top-level mapping of the member whose items went to the sink (its value
  /// is left as an empty array).
  var streamedMember: Int?

  /// The deepest nesting read, the JSON parser's default: deeper files fail with the same
  /// message (`nesting deeper than 512 levels`) rather than overflowing the stack.
  static let maxDepth = JSONParser().maxDepth

  init(bytes: [UInt8]) {
    self.bytes = bytes
    if self.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { self.bytes.removeFirst(3) }
    setLine(from: 0)
  }

  /// Parses `text`.
  ///
  /// - Throws: `Failure` with line and column.
  static func parse(_ text: String) throws(Failure) -> JSONValue {
    var reader = YAMLReader(bytes: Array(text.utf8))
    return try reader.document()
  }

  /// Parses `bytes`, handing each item of the top-level mapping's `streamKey` sequence to
  /// `sink` instead of keeping it. Returns the document and the index of the member that was
  /// streamed (its value left as `[]`), if one was.
  ///
  /// - Throws: `Failure` with line and column, or with the sink's error as its `cause`.
  static func parse(
    _ bytes: consuming [UInt8], streaming key: String, into sink: @escaping Sink
  ) throws(Failure) -> (value: JSONValue, streamedMember: Int?) {
    var reader = YAMLReader(bytes: bytes)
    reader.streamKey = key
    reader.sink = sink
    let value = try reader.document()
    return (value, reader.streamedMember)
  }

  private mutating func document() throws(Failure) -> JSONValue {
    skipBlank()
    if !atEnd {
      let c = contentStart
      if end - c >= 3, bytesEqual(c, c + 3, "---") {
        var r = c + 3
        while r < end, bytes[r] == Self.space { r += 1 }
        if r == end {
          advance()
        } else {
          // `--- value`: the value is read as if indented on a line of its own.
          bytes.replaceSubrange(start..<r, with: [Self.space, Self.space, Self.space, Self.space])
          setLine(from: start)
        }
      }
    }
    skipBlank()
    guard !atEnd else { return .null }
    let value = try node(minIndent: 0)
    skipBlank()
    if !atEnd, !bytesEqual(contentStart, end, "...") {
      throw failure("unexpected content (bad indentation?)", column: indent() + 1)
    }
    return value
  }

  /// The absolute offset of the `:` that ends a mapping key on bytes `lo..<hi`, if it is a
  /// key line.
  func keyColon(_ lo: Int, _ hi: Int) -> Int? {
    guard lo < hi else { return nil }
    var i = lo
    let first = bytes[lo]
    if first == UInt8(ascii: "'") || first == UInt8(ascii: "\"") {
      i += 1
      while i < hi {
        if bytes[i] == UInt8(ascii: "\\"), first == UInt8(ascii: "\"") {
          i = min(i + 2, hi)
          continue
        }
        if bytes[i] == first {
          if first == UInt8(ascii: "'"), i + 1 < hi, bytes[i + 1] == first {
            i += 2
            continue
          }
          break
        }
        i += 1
      }
      guard i < hi else { return nil }
      let after = i + 1
      guard after < hi, bytes[after] == UInt8(ascii: ":") else { return nil }
      return after + 1 == hi || bytes[after + 1] == Self.space ? after : nil
    }
    switch first {
    case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: ">"),
      UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "*"):
      return nil
    default: break
    }
    return bytes.withUnsafeBufferPointer { b -> Int? in
      while i < hi {
        let ch = b[i]
        if ch == UInt8(ascii: ":") {
          if i + 1 == hi || b[i + 1] == Self.space { return i }
        } else if ch == UInt8(ascii: "#"), i > lo, b[i - 1] == Self.space {
          return nil
        }
        i += 1
      }
      return nil
    }
  }

  mutating func node(minIndent: Int) throws(Failure) -> JSONValue {
    skipBlank()
    guard !atEnd else { return .null }
    let n = indent()
    guard n >= minIndent else { return .null }
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maxDepth else {
      throw failure("nesting deeper than \(Self.maxDepth) levels", column: n + 1)
    }
    let c = start + n
    if isSequenceItem(c, end) { return try sequence(indent: n) }
    if keyColon(c, end) != nil { return try mapping(indent: n) }
    return try scalarValue(startColumn: n, parentIndent: minIndent - 1)
  }

  private mutating func mapping(indent n: Int) throws(Failure) -> JSONValue {
    var object = JSONObject()
    let topLevel = depth == 1
    while true {
      skipBlank()
      guard !atEnd, indent() == n else { break }
      let c = start + n
      guard let colon = keyColon(c, end) else {
        if isSequenceItem(c, end) { break }
        throw failure("expected a mapping key", column: n + 1)
      }
      let (keyStart, keyEnd) = trimmed(c, colon)
      let key: String
      if keyStart < keyEnd,
        bytes[keyStart] == UInt8(ascii: "'") || bytes[keyStart] == UInt8(ascii: "\"")
      {
        var scratch = YAMLReader(bytes: Array(bytes[keyStart..<keyEnd]))
        guard case .string(let s) = try scratch.scalarValue(startColumn: 0, parentIndent: -1)
        else { throw failure("bad quoted key", column: n + 1) }
        key = s
      } else {
        key = string(keyStart, keyEnd)
      }
      var rest = colon + 1
      while rest < end, bytes[rest] == Self.space { rest += 1 }
      if rest == end || bytes[rest] == UInt8(ascii: "#") {
        advance()
        skipBlank()
        let stream = topLevel && sink != nil && key == streamKey
        if !atEnd, indent() > n {
          if stream, isSequenceItem(contentStart, end) {
            depth += 1
            defer { depth -= 1 }
            object.append(key, try sequence(indent: indent(), streamed: true))
            streamedMember = object.count - 1
          } else {
            object.append(key, try node(minIndent: n + 1))
          }
        } else if !atEnd, indent() == n, isSequenceItem(start + n, end) {
          object.append(key, try sequence(indent: n, streamed: stream))
          if stream { streamedMember = object.count - 1 }
        } else {
          object.append(key, .null)
        }
      } else {
        object.append(key, try scalarValue(startColumn: rest - start, parentIndent: n))
      }
    }
    return .object(object)
  }

  private mutating func sequence(indent n: Int, streamed: Bool = false) throws(Failure)
    -> JSONValue
  {
    var items: [JSONValue] = []
    var count = 0
    while true {
      skipBlank()
      guard !atEnd, indent() == n, isSequenceItem(start + n, end) else { break }
      // Turn `- item` into the item indented by two, then read it as a node.
      bytes[start + n] = Self.space
      let item = try node(minIndent: n + 1)
      if streamed, let sink {
        do { try sink(item, count) } catch {
          var f = failure(error.description)
          f.cause = error
          throw f
        }
        count += 1
      } else {
        items.append(item)
      }
    }
    return .array(items)
  }

  /// A scalar (or tagged scalar, block scalar, flow collection) starting at `startColumn` of the
  /// current line; continuation lines must be indented deeper than `parentIndent`.
  mutating func scalarValue(startColumn: Int, parentIndent: Int) throws(Failure) -> JSONValue {
    var column = startColumn
    var binary = false
    if at(column) == UInt8(ascii: "&") || at(column) == UInt8(ascii: "*") {
      throw failure("anchors and aliases are not supported", column: column + 1)
    }
    if at(column) == UInt8(ascii: "!") {
      var tagEnd = start + column
      while tagEnd < end, bytes[tagEnd] != Self.space { tagEnd += 1 }
      binary =
        bytesEqual(start + column, tagEnd, "!binary")
        || bytesEqual(start + column, tagEnd, "!!binary")
      var next = tagEnd
      while next < end, bytes[next] == Self.space { next += 1 }
      if next == end {
        advance()
        let value = try node(minIndent: parentIndent + 1)
        return binary ? [VCRCodec.binaryTag: value] : value
      }
      column = next - start
    }
    let value: JSONValue
    switch at(column) {
    case UInt8(ascii: "|"), UInt8(ascii: ">"):
      value = try blockScalar(
        header: Array(bytes[(start + column)..<end]), parentIndent: parentIndent)
    case UInt8(ascii: "'"), UInt8(ascii: "\""): value = .string(try quoted(column: column))
    case UInt8(ascii: "["), UInt8(ascii: "{"): value = try flow(column: column)
    default: value = plain(column: column, parentIndent: parentIndent)
    }
    return binary ? [VCRCodec.binaryTag: value] : value
  }

  private mutating func plain(column: Int, parentIndent: Int) -> JSONValue {
    let (lo, hi) = withoutComment(start + column, end)
    advance()
    var joined: [UInt8]?
    while !atEnd, !isBlank(), indent() > parentIndent {
      let c = contentStart
      guard keyColon(c, end) == nil || parentIndent < 0, !isSequenceItem(c, end) else { break }
      if joined == nil { joined = Array(bytes[lo..<hi]) }
      let (a, b) = withoutComment(c, end)
      joined!.append(Self.space)
      joined!.append(contentsOf: bytes[a..<b])
      advance()
    }
    if let joined { return Self.typed(joined[...]) }
    return Self.typed(bytes[lo..<hi])
  }

  /// Bytes `lo..<hi` up to a ` #` comment, without surrounding spaces and tabs.
  private func withoutComment(_ lo: Int, _ hi: Int) -> (Int, Int) {
    var i = lo
    while i < hi {
      if bytes[i] == UInt8(ascii: "#"), i > lo, bytes[i - 1] == Self.space { break }
      i += 1
    }
    return trimmed(lo, i)
  }

  static func typed(_ text: ArraySlice<UInt8>) -> JSONValue {
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
    let string = String(decoding: text, as: UTF8.self)
    if let first = text.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
      isJSONNumber(text)
    {
      return .number(JSONNumber(text: string))
    }
    return .string(string)
  }

  /// Whether `text` is a JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  static func isJSONNumber(_ text: ArraySlice<UInt8>) -> Bool {
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
  /// gathered until the brackets balance, then parsed once.
  private mutating func flow(column: Int) throws(Failure) -> JSONValue {
    let startLine = position
    var text = Array(bytes[(start + column)..<end])
    var brackets = BracketCounter()
    brackets.scan(text[...])
    advance()
    while brackets.depth > 0, !atEnd {
      let c = contentStart
      text.append(Self.space)
      brackets.scan(bytes[c..<end])
      text.append(contentsOf: bytes[c..<end])
      advance()
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
    var quote: UInt8?
    var escaped = false

    mutating func scan(_ text: ArraySlice<UInt8>) {
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
        } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
          depth -= 1
        }
      }
    }
  }
}
