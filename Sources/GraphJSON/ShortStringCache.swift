/// Remembers recently made short strings (up to 16 UTF-8 bytes) by their bytes, so that the
/// keys and small values a document repeats (`id`, `name`, `created_time`, ...) are decoded
/// and validated once. Direct-mapped: a colliding string simply replaces the entry.
///
/// The table is sized to the text (a slot per 16 bytes, 16 to 1,024 slots) and made at the
/// first string stored: a fixed 1,024-slot table (40 KB) made and freed for every parse cost
/// more than parsing a 50-byte answer (issue 48).
struct ShortStringCache {
  private struct Entry {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var length = -1
    var string = ""
  }

  /// The most slots a table has.
  static let maxSize = 1024
  /// The fewest slots a table has.
  static let minSize = 16
  /// How many slots the table has (a power of two), once it is made.
  let size: Int
  /// How far a hash is shifted to give a slot: 64 minus the bits of `size`.
  private let shift: UInt64
  /// Empty until the first `store`.
  private var entries: [Entry] = []

  /// A cache for a text of `count` bytes.
  init(forBytes count: Int = ShortStringCache.maxSize * 16) {
    var size = Self.minSize
    while size < Self.maxSize, size * 16 < count { size <<= 1 }
    self.size = size
    shift = UInt64(64 - size.trailingZeroBitCount)
  }

  /// The string for the `length` bytes at `start`, of which at least 16 are readable, or
  /// `nil` when the bytes are longer than 16 or not cached; `make` is then called by the
  /// caller, which may `store` the result.
  @inline(__always)
  func lookup(
    _ start: UnsafePointer<UInt8>, length: Int, slot: inout Int, low: inout UInt64,
    high: inout UInt64
  ) -> String? {
    #if _endian(little)
      guard length <= 16 else { return nil }
      let first = ByteWord.load(start)
      let second = ByteWord.load(start + 8)
      if length <= 8 {
        low = length == 8 ? first : first & ((1 << UInt64(length * 8)) - 1)
        high = 0
      } else {
        low = first
        high = length == 16 ? second : second & ((1 << UInt64((length - 8) * 8)) - 1)
      }
      var hash = (low &+ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
      hash ^= high &* 0xC2B2_AE3D_27D4_EB4F
      slot = Int(truncatingIfNeeded: hash >> shift)
      guard !entries.isEmpty else { return nil }
      return entries.withUnsafeBufferPointer { entries in
        let entry = entries[slot]
        return entry.length == length && entry.low == low && entry.high == high
          ? entry.string : nil
      }
    #else
      return nil
    #endif
  }

  /// Remembers `string` in `slot` for the bytes given by `low`, `high` and `length`.
  @inline(__always)
  mutating func store(_ string: String, slot: Int, low: UInt64, high: UInt64, length: Int) {
    if entries.isEmpty { entries = [Entry](repeating: Entry(), count: size) }
    entries.withUnsafeMutableBufferPointer {
      $0[slot] = Entry(low: low, high: high, length: length, string: string)
    }
  }
}
