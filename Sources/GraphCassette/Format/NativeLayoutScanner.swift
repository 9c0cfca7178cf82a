import GraphJSON

/// Finds the parts of a native cassette's text without parsing them: the members of its top
/// object before `interactions`, then each interaction's byte range in turn. Strings are skipped
/// with their escapes and brackets counted; nothing is built, so finding the next interaction
/// costs its length in byte comparisons.
///
/// What it accepts is only the layout: each part it finds is left for the parser, which may
/// still refuse it. What it refuses (`Malformed`) is left for the whole-file reading to explain
/// (`Cassette.load(mapped:path:)`): it knows no lines or columns.
struct NativeLayoutScanner {
  /// The layout is not the one a native cassette's text has, up to where the scan reached.
  struct Malformed: Error {}

  let bytes: UnsafeBufferPointer<UInt8>
  /// Where the scan is (an offset in `bytes`).
  private(set) var position = 0
  /// Whether the interactions' closing bracket and the end of the top object were read.
  private(set) var finished = false
  private var first = true

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")

  private static func isScalarByte(_ b: UInt8) -> Bool {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
      || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
      || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
      || b == UInt8(ascii: "E")
  }

  private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

  private mutating func skipSpaces() {
    while position < bytes.count, isSpace(bytes[position]) { position += 1 }
  }

  private mutating func expect(_ byte: UInt8) throws(Malformed) {
    skipSpaces()
    guard position < bytes.count, bytes[position] == byte else { throw Malformed() }
    position += 1
  }

  /// The top object's members before `interactions`, each as the range of its text (key to
  /// value), leaving the scan at the first interaction. A key with an escape in it is refused
  /// (a native cassette's keys have none), as is an object without `interactions`.
  ///
  /// - Complexity: O(n) in the length of those members.
  mutating func headMembers() throws(Malformed) -> [Range<Int>] {
    try expect(UInt8(ascii: "{"))
    var members: [Range<Int>] = []
    while true {
      skipSpaces()
      let start = position
      try expect(Self.quote)
      try skipString()
      let key = bytes[(start + 1)..<(position - 1)]
      guard !key.contains(Self.backslash) else { throw Malformed() }
      try expect(UInt8(ascii: ":"))
      if key.elementsEqual(NativeCodec.interactionsKey.utf8) {
        try expect(UInt8(ascii: "["))
        return members
      }
      skipSpaces()
      try skipValue()
      members.append(start..<position)
      try expect(UInt8(ascii: ","))
    }
  }

  /// The next interaction's range, or nil after the last one: the text then ends, but for
  /// white space, with the top object's closing brace (no member follows `interactions`).
  ///
  /// - Complexity: O(n) in the length of the interaction.
  mutating func next() throws(Malformed) -> Range<Int>? {
    guard !finished else { return nil }
    skipSpaces()
    guard position < bytes.count else { throw Malformed() }
    if bytes[position] == UInt8(ascii: "]") {
      position += 1
      try expect(UInt8(ascii: "}"))
      skipSpaces()
      guard position == bytes.count else { throw Malformed() }
      finished = true
      return nil
    }
    if !first {
      try expect(UInt8(ascii: ","))
      skipSpaces()
    }
    first = false
    // An interaction is an object; anything else is left for the whole reading to explain.
    guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { throw Malformed() }
    let start = position
    try skipValue()
    return start..<position
  }

  /// Moves past the string whose opening quote was just read. A control byte (which JSON
  /// strings never hold raw) is refused where it stands: a file's holes read as zeros, and a
  /// 40 GiB sparse one is refused at its first, not scanned to its end (issue 31).
  private mutating func skipString() throws(Malformed) {
    // Eight bytes at a time while none is a quote, a backslash or a control byte.
    if let base = bytes.baseAddress {
      while position + 8 <= bytes.count, !ByteWord.needsAttention(ByteWord.load(base + position)) {
        position += 8
      }
    }
    while position < bytes.count {
      let b = bytes[position]
      if b == Self.quote {
        position += 1
        return
      }
      guard b >= 0x20 else { throw Malformed() }
      position += b == Self.backslash ? 2 : 1
    }
    throw Malformed()
  }

  /// Moves past the value starting at `position`: a string, an array or object (brackets
  /// counted, strings skipped), or a scalar (up to the next delimiter).
  private mutating func skipValue() throws(Malformed) {
    guard position < bytes.count else { throw Malformed() }
    switch bytes[position] {
    case Self.quote:
      position += 1
      try skipString()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while position < bytes.count {
        let b = bytes[position]
        position += 1
        // `[` and `{`, `]` and `}` differ by one bit (0x20).
        if b == Self.quote {
          try skipString()
        } else if b & 0xDF == UInt8(ascii: "[") {
          depth += 1
        } else if b & 0xDF == UInt8(ascii: "]") {
          depth -= 1
          if depth == 0 { return }
        } else if b < 0x20, !isSpace(b) {
          throw Malformed()
        }
      }
      throw Malformed()
    default:
      // A number, `true`, `false` or `null`: letters, digits, signs and points.
      let start = position
      while position < bytes.count, Self.isScalarByte(bytes[position]) { position += 1 }
      guard position > start else { throw Malformed() }
    }
  }
}
