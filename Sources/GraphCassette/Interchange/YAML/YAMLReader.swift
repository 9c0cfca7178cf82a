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
  /// the reader may write to its bytes): an array's storage or a mapped file, valid while the
  /// reader runs.
  var bytes: UnsafeMutableBufferPointer<UInt8>
  /// The mapped file the bytes are, if they are one: the pages before the current line are
  /// discarded as the reader moves on.
  var mapped: MappedFile?
  /// Where the pages were last discarded (an offset in `bytes`), and how far the BOM moved
  /// `bytes` from the start of the mapped file.
  var discardedUpTo = 0
  var mappedOffset = 0
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

  /// How far the reader moves on between two discards of a mapped file's pages.
  static let discardStep = 1 << 20

  /// A reader of `buffer` (without its BOM), which must stay valid while it is used.
  init(buffer: UnsafeMutableBufferPointer<UInt8>, mapped: MappedFile? = nil) {
    var buffer = buffer
    if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
      buffer = UnsafeMutableBufferPointer(rebasing: buffer[3...])
      mappedOffset = 3
    }
    bytes = buffer
    self.mapped = mapped
    setLine(from: 0)
  }

  /// Runs `body` with a reader of `bytes`.
  static func withReader<T>(
    _ bytes: consuming [UInt8], _ body: (inout YAMLReader) throws(Failure) -> T
  ) throws(Failure) -> T {
    var storage = bytes
    let result = storage.withUnsafeMutableBufferPointer { buffer -> Result<T, Failure> in
      var reader = YAMLReader(buffer: buffer)
      do throws(Failure) { return .success(try body(&reader)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// Parses `text`.
  ///
  /// - Throws: `Failure` with line and column.
  static func parse(_ text: String) throws(Failure) -> JSONValue {
    try withReader(Array(text.utf8)) { (reader: inout YAMLReader) throws(Failure) in
      try reader.document()
    }
  }

  /// Parses `bytes`, handing each item of the top-level mapping's `streamKey` sequence to
  /// `sink` instead of keeping it. Returns the document and the index of the member that was
  /// streamed (its value left as `[]`), if one was.
  ///
  /// - Throws: `Failure` with line and column, or with the sink's error as its `cause`.
  static func parse(
    _ bytes: consuming [UInt8], streaming key: String, into sink: @escaping Sink
  ) throws(Failure) -> (value: JSONValue, streamedMember: Int?) {
    try withReader(bytes) { (reader: inout YAMLReader) throws(Failure) in
      try reader.streamed(key, sink)
    }
  }

  /// As `parse(_:streaming:into:)`, for a mapped file, whose pages are given back as the
  /// reader passes them.
  static func parse(
    _ file: MappedFile, streaming key: String, into sink: @escaping Sink
  ) throws(Failure) -> (value: JSONValue, streamedMember: Int?) {
    var reader = YAMLReader(buffer: file.bytes, mapped: file)
    return try reader.streamed(key, sink)
  }

  private mutating func streamed(_ key: String, _ sink: @escaping Sink) throws(Failure)
    -> (value: JSONValue, streamedMember: Int?)
  {
    streamKey = key
    self.sink = sink
    let value = try document()
    return (value, streamedMember)
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
          // `--- value`: the value is read as if indented by four on a line of its own.
          if r - start >= 4 {
            for k in (r - 4)..<r { bytes[k] = Self.space }
            start = r - 4
          } else {
            // `---value` has no room in place: that line and the rest as a copy.
            let copy = [Self.space, Self.space, Self.space, Self.space] + bytes[r...]
            return try Self.withReader(copy) { (reader: inout YAMLReader) throws(Failure) in
              reader.streamKey = streamKey
              reader.sink = sink
              reader.number = number
              let value = try reader.documentBody()
              streamedMember = reader.streamedMember
              return value
            }
          }
        }
      }
    }
    return try documentBody()
  }

  /// The document from the current line on, after its `---`.
  private mutating func documentBody() throws(Failure) -> JSONValue {
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
    while i < hi {
      let ch = bytes[i]
      if ch == UInt8(ascii: ":") {
        if i + 1 == hi || bytes[i + 1] == Self.space { return i }
      } else if ch == UInt8(ascii: "#"), i > lo, bytes[i - 1] == Self.space {
        return nil
      }
      i += 1
    }
    return nil
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
        let scalar = try Self.withReader(Array(bytes[keyStart..<keyEnd])) {
          (scratch: inout YAMLReader) throws(Failure) in
          try scratch.scalarValue(startColumn: 0, parentIndent: -1)
        }
        guard case .string(let s) = scalar else { throw failure("bad quoted key", column: n + 1) }
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
    // The continuation lines are walked twice, to measure the scalar, then to copy it into a
    // string made at its size: no growing buffer, no second copy.
    let first = mark
    var total = hi - lo
    var lines = 0
    while !atEnd, !isBlank(), indent() > parentIndent {
      let c = contentStart
      guard keyColon(c, end) == nil || parentIndent < 0, !isSequenceItem(c, end) else { break }
      let (a, b) = withoutComment(c, end)
      total += 1 + b - a
      lines += 1
      advance()
    }
    guard lines > 0 else { return Self.typed(bytes[lo..<hi]) }
    mark = first
    // Spaces join the lines, so the text is never null, a boolean or a number.
    let text = String(unsafeUninitializedCapacity: total) { out in
      var k = 0
      func copy(_ a: Int, _ b: Int) {
        guard a < b else { return }
        _ = UnsafeMutableBufferPointer(rebasing: out[k..<(k + b - a)]).update(
          fromContentsOf: UnsafeBufferPointer(rebasing: bytes[a..<b]))
        k += b - a
      }
      copy(lo, hi)
      for _ in 0..<lines {
        let (a, b) = withoutComment(contentStart, end)
        out[k] = Self.space
        k += 1
        copy(a, b)
        advance()
      }
      return k
    }
    return .string(text)
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

  static func typed<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> JSONValue
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
    let string = String(decoding: text, as: UTF8.self)
    if let first = text.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
      isJSONNumber(text)
    {
      return .number(JSONNumber(text: string))
    }
    return .string(string)
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
        } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
          depth -= 1
        }
      }
    }
  }
}
