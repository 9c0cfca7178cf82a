/// A set of bytes as a 256-bit map: membership is one shift and mask, where `Set<UInt8>`
/// hashes the byte (which had been the hot spot of percent-encoding a paging URL).
package struct ByteSet: Sendable, Equatable {
  private var low: UInt128 = 0
  private var high: UInt128 = 0

  /// The bytes of `characters` (their UTF-8 encoding).
  package init(_ characters: String) {
    for byte in characters.utf8 { insert(byte) }
  }

  /// The given bytes.
  package init<Bytes: Sequence<UInt8>>(bytes: Bytes) {
    for byte in bytes { insert(byte) }
  }

  /// Adds `byte`.
  package mutating func insert(_ byte: UInt8) {
    if byte < 128 {
      low |= 1 << UInt128(byte)
    } else {
      high |= 1 << UInt128(byte - 128)
    }
  }

  /// Whether `byte` is in the set.
  @inline(__always)
  package func contains(_ byte: UInt8) -> Bool {
    byte < 128 ? low >> UInt128(byte) & 1 != 0 : high >> UInt128(byte - 128) & 1 != 0
  }
}
