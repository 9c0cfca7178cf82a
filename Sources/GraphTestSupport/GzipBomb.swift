import GraphGzip

/// gzip files that inflate to far more than they take: a fixed-Huffman deflate stream of
/// zeros, one literal then back-references of 258 bytes at distance 1 (13 bits each), so
/// 1 GiB of zeros takes about 6.5 MB (`gzip -9` would take 1 MB; the decoder's work is the
/// same). Valid gzip (CRC and size included) for any decoder.
public enum GzipBomb {
  /// A gzip file that inflates to `1 + 258 * repeats` zero bytes.
  public static func zeros(repeats: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.bytes.reserveCapacity(repeats * 13 / 8 + 32)
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    bits.code(0x30, length: 8)  // literal 0
    // Length code 285 (258 bytes, 8 bits 11000101) then distance code 0 (5 bits 00000), both
    // most significant bit first: 13 bits in the order they go out.
    var pair: UInt64 = 0
    for i in 0..<8 where (0xC5 >> (7 - i)) & 1 == 1 { pair |= 1 << UInt64(i) }
    for _ in 0..<repeats { bits.write(pair, count: 13) }
    bits.code(0, length: 7)  // end of block (256)
    let size = 1 + 258 * repeats
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + bits.finished
    out += littleEndian(GraphGzip.Gzip.crc32OfZeros(count: size))
    out += littleEndian(UInt32(truncatingIfNeeded: size))
    return out
  }

  /// The size `zeros(repeats:)` inflates to.
  public static func inflatedSize(repeats: Int) -> Int { 1 + 258 * repeats }

  private struct BitWriter {
    var bytes: [UInt8] = []
    var current: UInt64 = 0
    var used: UInt64 = 0

    /// `value`'s low `count` bits, least significant first (deflate's header fields).
    mutating func write(_ value: UInt64, count: UInt64) {
      current |= (value & ((1 << count) - 1)) << used
      used += count
      while used >= 8 {
        bytes.append(UInt8(truncatingIfNeeded: current))
        current >>= 8
        used -= 8
      }
    }

    /// A Huffman code, most significant bit first.
    mutating func code(_ value: UInt64, length: UInt64) {
      for i in (0..<length).reversed() { write((value >> i) & 1, count: 1) }
    }

    var finished: [UInt8] { used == 0 ? bytes : bytes + [UInt8(truncatingIfNeeded: current)] }
  }

  private static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
  }
}
