/// Where a scanned string's content is: straight in the input (no escapes), or unescaped in
/// the scanner's scratch buffer.
struct ScannedString {
  /// Offset of the first content byte in the input (after the opening quote).
  var start: Int
  /// Offset of the closing quote in the input.
  var end: Int
  /// Whether the content had escapes (and so is in `scratch`).
  var escaped: Bool
  /// Whether every byte of the content is ASCII (so it is valid UTF-8).
  var ascii: Bool
}

extension JSONScanner {
  /// Scans a string whose opening quote is at `index`, leaving `index` after the closing
  /// quote. The content is not yet checked to be UTF-8.
  ///
  /// The common case, no escapes, scans eight bytes at a time; strings with escapes are
  /// unescaped into the reused scratch buffer.
  @inline(__always)
  mutating func scanString() throws(JSONParseError) -> ScannedString {
    index += 1
    let start = index
    var seen: UInt64 = 0
    skipPlainRun(seen: &seen)
    guard index < count else { throw error(expected: "'\"' to close the string") }
    let b = base[index]
    if b == UInt8(ascii: "\"") {
      index += 1
      return ScannedString(
        start: start, end: index - 1, escaped: false, ascii: seen & ByteWord.highs == 0)
    }
    if b == UInt8(ascii: "\\") { return try scanEscapedString(from: start, seen: seen) }
    throw error(expected: "a string character or '\"'")
  }

  /// Parses a string whose opening quote is at `index`.
  mutating func parseString() throws(JSONParseError) -> String {
    let scanned = try scanString()
    let start = scanned.start
    if scanned.escaped {
      if let text = Self.validString(scratch.bytes) { return text }
      throw invalidUTF8(in: scanned)
    }
    let length = scanned.end - start
    let bytes = UnsafeBufferPointer(start: base + start, count: length)
    if length <= 16, start + 16 <= count {
      var slot = 0
      var low: UInt64 = 0
      var high: UInt64 = 0
      if let cached = cache.lookup(
        base + start, length: length, slot: &slot, low: &low, high: &high)
      {
        return cached
      }
      let text =
        scanned.ascii ? String(decoding: bytes, as: UTF8.self) : try makeString(scanned)
      cache.store(text, slot: slot, low: low, high: high, length: length)
      return text
    }
    if scanned.ascii { return String(decoding: bytes, as: UTF8.self) }
    return try makeString(scanned)
  }

  /// The error for a string whose raw bytes are not UTF-8, at the first bad byte. (Escapes
  /// only produce valid UTF-8, so the culprit is always a raw byte of the input.)
  func invalidUTF8(in scanned: ScannedString) -> JSONParseError {
    let raw = UnsafeBufferPointer(start: base + scanned.start, count: scanned.end - scanned.start)
    return failure(.invalidUTF8, at: scanned.start + Self.firstInvalidOffset(raw))
  }

  /// The string of an unescaped scanned string, which must be valid UTF-8.
  private func makeString(_ scanned: ScannedString) throws(JSONParseError) -> String {
    let bytes = UnsafeBufferPointer(start: base + scanned.start, count: scanned.end - scanned.start)
    if let text = Self.validString(bytes) { return text }
    throw invalidUTF8(in: scanned)
  }

  /// The string of `bytes` if they are valid UTF-8. (Decoding, which repairs, then checking
  /// nothing was repaired is faster than `String(validating:)`, a generic path.)
  static func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var text = String(decoding: bytes, as: UTF8.self)
    let same = text.withUTF8 { utf8 in
      utf8.count == bytes.count
        && (bytes.isEmpty || ByteWord.equal(utf8.baseAddress!, bytes.baseAddress!, bytes.count))
    }
    return same ? text : nil
  }

  /// The offset of the first byte that is not part of a well-formed UTF-8 sequence.
  static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return offset
      case .error: return offset
      }
    }
  }

  /// Finishes a string with escapes; `index` is at the first backslash. Plain runs between
  /// escapes are copied in bulk; `seen` ORs the raw bytes so far (for the ASCII check).
  private mutating func scanEscapedString(
    from start: Int, seen: UInt64
  ) throws(JSONParseError) -> ScannedString {
    var seen = seen
    scratch.removeAll()
    scratch.append(base + start, count: index - start)
    while index < count {
      let b = base[index]
      if b == UInt8(ascii: "\"") {
        index += 1
        return ScannedString(
          start: start, end: index - 1, escaped: true, ascii: seen & ByteWord.highs == 0)
      }
      if b < 0x20 { throw error(expected: "a string character or '\"'") }
      index += 1
      guard index < count else { break }
      let escaped = base[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
      case UInt8(ascii: "b"): scratch.append(0x08)
      case UInt8(ascii: "f"): scratch.append(0x0C)
      case UInt8(ascii: "n"): scratch.append(0x0A)
      case UInt8(ascii: "r"): scratch.append(0x0D)
      case UInt8(ascii: "t"): scratch.append(0x09)
      case UInt8(ascii: "u"): appendUTF8(try parseUnicodeEscape())
      default:
        index -= 1
        throw error(expected: "an escape character (one of \" \\ / b f n r t u)")
      }
      let runStart = index
      skipPlainRun(seen: &seen)
      scratch.append(base + runStart, count: index - runStart)
    }
    throw error(expected: "'\"' to close the string")
  }

  private mutating func appendUTF8(_ value: UInt32) {
    switch value {
    case 0..<0x80:
      scratch.append(UInt8(value))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | value >> 6))
      scratch.append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | value >> 12))
      scratch.append(UInt8(0x80 | (value >> 6) & 0x3F))
      scratch.append(UInt8(0x80 | value & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | value >> 18))
      scratch.append(UInt8(0x80 | (value >> 12) & 0x3F))
      scratch.append(UInt8(0x80 | (value >> 6) & 0x3F))
      scratch.append(UInt8(0x80 | value & 0x3F))
    }
  }

  /// Parses the hex digits after `\u`, and a following low-surrogate escape when the first is
  /// a high surrogate. A lone surrogate becomes U+FFFD (RFC 8259 leaves it undefined).
  mutating func parseUnicodeEscape() throws(JSONParseError) -> UInt32 {
    let high = try parseHex4()
    guard (0xD800...0xDFFF).contains(high) else { return high }
    guard high <= 0xDBFF, index + 1 < count, base[index] == UInt8(ascii: "\\"),
      base[index + 1] == UInt8(ascii: "u")
    else { return 0xFFFD }
    let save = index
    index += 2
    let low = try parseHex4()
    if (0xDC00...0xDFFF).contains(low) {
      return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }
    index = save
    return 0xFFFD
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < count else { throw error(expected: "four hex digits after '\\u'") }
      let b = base[index]
      let digit: UInt32
      switch b {
      case 0x30...0x39: digit = UInt32(b - 0x30)
      case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
      default: throw error(expected: "four hex digits after '\\u'")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  /// Moves `index` past bytes that need no work in a string (no quote, backslash or control
  /// character), sixteen or eight at a time where it can, OR-ing them into `seen` (for the
  /// ASCII check).
  @inline(__always)
  mutating func skipPlainRun(seen: inout UInt64) {
    while index + 16 <= count {
      let first = ByteWord.load(base + index)
      let second = ByteWord.load(base + index + 8)
      if (ByteWord.attention(first) | ByteWord.attention(second)) & ByteWord.highs != 0 { break }
      seen |= first | second
      index += 16
    }
    while index + 8 <= count {
      let word = ByteWord.load(base + index)
      if ByteWord.needsAttention(word) { break }
      seen |= word
      index += 8
    }
    while index < count {
      let b = base[index]
      if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
      seen |= UInt64(b)
      index += 1
    }
  }
}
