/// Finds the byte ranges of the elements of a JSON text that is one array, without parsing
/// them: strings are skipped with their escapes, brackets counted. What lies between the
/// elements is checked (white space, commas, the brackets); each element is left for the
/// parser, so a text this accepts may still be malformed inside an element.
struct ArrayElementScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  /// Where the scan is (an offset in `bytes`).
  private(set) var position = 0
  private var started = false
  private var finished = false

  /// The text is not an array, or what lies between its elements is malformed.
  struct Malformed: Error {}

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

  private mutating func skipSpaces() {
    while position < bytes.count, isSpace(bytes[position]) { position += 1 }
  }

  /// The next element's range, or nil after the last one (the text then ends, but for white
  /// space, after the closing bracket).
  mutating func next() throws(Malformed) -> Range<Int>? {
    guard !finished else { return nil }
    skipSpaces()
    if !started {
      guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { throw Malformed() }
      started = true
      position += 1
      skipSpaces()
      if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
        return try end()
      }
    } else {
      guard position < bytes.count else { throw Malformed() }
      if bytes[position] == UInt8(ascii: "]") { return try end() }
      guard bytes[position] == UInt8(ascii: ",") else { throw Malformed() }
      position += 1
      skipSpaces()
    }
    let start = position
    var depth = 0
    while position < bytes.count {
      let b = bytes[position]
      switch b {
      case UInt8(ascii: "\""):
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
          position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard position < bytes.count else { throw Malformed() }
      case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 0 { return start..<trimmed(start, position) }
        depth -= 1
      case UInt8(ascii: ","):
        if depth == 0 { return start..<trimmed(start, position) }
      default: break
      }
      position += 1
    }
    throw Malformed()
  }

  /// `hi` moved back over white space (to `lo` at most).
  private func trimmed(_ lo: Int, _ hi: Int) -> Int {
    var hi = hi
    while hi > lo, isSpace(bytes[hi - 1]) { hi -= 1 }
    return hi
  }

  private mutating func end() throws(Malformed) -> Range<Int>? {
    position += 1
    skipSpaces()
    guard position == bytes.count else { throw Malformed() }
    finished = true
    return nil
  }
}
