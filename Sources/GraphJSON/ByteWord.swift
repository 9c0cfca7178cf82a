/// Eight-bytes-at-a-time tests used by the scanner and the writer to skip plain string text
/// (and by GraphCassette's layout scan).
package enum ByteWord {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The eight bytes at `pointer`, which need not be aligned.
  @inline(__always)
  package static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
  }

  /// Whether any of the eight bytes is a quote, a backslash or a control character: the
  /// bytes that end a plain run inside a JSON string.
  @inline(__always)
  package static func needsAttention(_ word: UInt64) -> Bool { attention(word) & highs != 0 }

  /// Bits whose high bit in some byte is set exactly when one of the eight bytes needs
  /// attention (as `needsAttention`); the bits of two words can be OR-ed before testing.
  @inline(__always)
  static func attention(_ word: UInt64) -> UInt64 {
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let hasQuote = (quote &- ones) & ~quote
    let hasBackslash = (backslash &- ones) & ~backslash
    let hasControl = (word &- ones &* 0x20) & ~word
    return hasQuote | hasBackslash | hasControl
  }

  /// Whether the `count` bytes at `a` and `b` are the same.
  static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while i + 8 <= count {
      if load(a + i) != load(b + i) { return false }
      i += 8
    }
    while i < count {
      if a[i] != b[i] { return false }
      i += 1
    }
    return true
  }
}
