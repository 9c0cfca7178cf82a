import Foundation

/// The line cursor: the reader walks the file's bytes forward one line at a time, with no copy
/// of the file and no per-line allocation.
extension YAMLReader {
  static let space: UInt8 = 0x20
  static let tab: UInt8 = 0x09

  /// Puts the cursor on the line starting at byte `offset`: finds its LF (or the end of the
  /// file) and leaves a CR before it out of the line.
  mutating func setLine(from offset: Int) {
    start = offset
    var i = offset
    let count = bytes.count
    if i < count, let base = bytes.baseAddress,
      let found = memchr(base + i, 0x0A, count - i)
    {
      i = found.assumingMemoryBound(to: UInt8.self) - base
    } else {
      i = count
    }
    newline = i
    end = i > offset && bytes[i - 1] == 0x0D ? i - 1 : i
  }

  /// Moves to the next line, or past the last one.
  mutating func advance() {
    guard newline < bytes.count else {
      atEnd = true
      return
    }
    number += 1
    setLine(from: newline + 1)
    if let discard, start - discardedUpTo >= Self.discardStep {
      // Lines before this one are never read again for their structure (only for a failure's
      // column or a scalar's bytes, which read back from the file as they were).
      discard(discardedUpTo + mappedOffset, start + mappedOffset)
      discardedUpTo = start
    }
  }

  /// The byte at `column` of the current line.
  @inline(__always) func at(_ column: Int) -> UInt8 { bytes[start + column] }

  /// The length of the current line in bytes.
  var length: Int { end - start }

  /// How many spaces the current line starts with.
  func indent() -> Int {
    var i = start
    while i < end, bytes[i] == Self.space { i += 1 }
    return i - start
  }

  /// The first byte of the current line that is not a space (absolute offset).
  var contentStart: Int { start + indent() }

  func isBlank() -> Bool {
    let c = contentStart
    return c == end || bytes[c] == UInt8(ascii: "#")
  }

  mutating func skipBlank() {
    while !atEnd, isBlank() { advance() }
  }

  /// Whether bytes `lo..<hi` are a sequence item: `-` alone or followed by a space.
  func isSequenceItem(_ lo: Int, _ hi: Int) -> Bool {
    lo < hi && bytes[lo] == UInt8(ascii: "-") && (hi - lo == 1 || bytes[lo + 1] == Self.space)
  }

  /// Whether bytes `lo..<hi` are exactly `text`.
  func bytesEqual(_ lo: Int, _ hi: Int, _ text: StaticString) -> Bool {
    guard hi - lo == text.utf8CodeUnitCount else { return false }
    let p = text.utf8Start
    for k in 0..<(hi - lo) where bytes[lo + k] != p[k] { return false }
    return true
  }

  /// The text of bytes `lo..<hi`.
  func string(_ lo: Int, _ hi: Int) -> String {
    guard lo < hi else { return "" }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self)
  }

  /// `lo..<hi` without leading and trailing spaces and tabs.
  func trimmed(_ lo: Int, _ hi: Int) -> (Int, Int) {
    var lo = lo
    var hi = hi
    while lo < hi, bytes[lo] == Self.space || bytes[lo] == Self.tab { lo += 1 }
    while hi > lo, bytes[hi - 1] == Self.space || bytes[hi - 1] == Self.tab { hi -= 1 }
    return (lo, hi)
  }

  /// A failure at 1-based byte `column` of the line `line` (the current one by default), told
  /// in Unicode scalars as a person counts columns.
  func failure(_ message: String, column: Int = 1, line: LinePosition? = nil) -> Failure {
    let place = line ?? position
    var scalars = 0
    var i = place.start
    let stop = place.start + column - 1
    while i < stop {
      if i >= place.end {
        scalars += stop - i
        break
      }
      if bytes[i] & 0xC0 != 0x80 { scalars += 1 }
      i += 1
    }
    return Failure(line: place.number + 1, column: scalars + 1, message: message)
  }

  /// The cursor, to walk lines again from it.
  var mark: Mark {
    get { Mark(start: start, end: end, newline: newline, number: number, atEnd: atEnd) }
    set {
      (start, end, newline, number, atEnd) = (
        newValue.start, newValue.end, newValue.newline, newValue.number, newValue.atEnd
      )
      // Walking again, the pages discarded on the way are discarded again.
      discardedUpTo = min(discardedUpTo, start)
    }
  }

  struct Mark {
    var start: Int
    var end: Int
    var newline: Int
    var number: Int
    var atEnd: Bool
  }

  /// Where the current line is, to name it in a failure found later.
  var position: LinePosition { LinePosition(number: number, start: start, end: end) }

  struct LinePosition {
    var number: Int
    var start: Int
    var end: Int
  }
}
