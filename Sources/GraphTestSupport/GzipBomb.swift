/// gzip files that inflate to far more than they take: a fixed-Huffman deflate stream of
/// zeros, one literal then back-references of 258 bytes at distance 1 (13 bits each), so
/// 1 GiB of zeros takes about 6.5 MB. Valid gzip (CRC and size included) for any decoder.
public enum GzipBomb {
  /// A gzip file that inflates to `1 + 258 * repeats` zero bytes.
  public static func zeros(repeats: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    bits.code(0x30, length: 8)  // literal 0
    for _ in 0..<repeats {
      bits.code(0xC5, length: 8)  // length code 285: 258 bytes
      bits.code(0, length: 5)  // distance code 0: distance 1
    }
    bits.code(0, length: 7)  // end of block (256)
    let size = 1 + 258 * repeats
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + bits.finished
    out += littleEndian(zeroCRC(size))
    out += littleEndian(UInt32(truncatingIfNeeded: size))
    return out
  }

  /// The size `zeros(repeats:)` inflates to.
  public static func inflatedSize(repeats: Int) -> Int { 1 + 258 * repeats }

  private struct BitWriter {
    var bytes: [UInt8] = []
    var current: UInt32 = 0
    var used: UInt32 = 0

    /// `value`'s low `count` bits, least significant first (deflate's header fields).
    mutating func write(_ value: UInt32, count: UInt32) {
      for i in 0..<count { push((value >> i) & 1) }
    }

    /// A Huffman code, most significant bit first.
    mutating func code(_ value: UInt32, length: UInt32) {
      for i in (0..<length).reversed() { push((value >> i) & 1) }
    }

    private mutating func push(_ bit: UInt32) {
      current |= bit << used
      used += 1
      if used == 8 {
        bytes.append(UInt8(current))
        current = 0
        used = 0
      }
    }

    var finished: [UInt8] { used == 0 ? bytes : bytes + [UInt8(current)] }
  }

  private static func zeroCRC(_ count: Int) -> UInt32 {
    var table = [UInt32](repeating: 0, count: 256)
    for n in 0..<256 {
      var c = UInt32(n)
      for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
      table[n] = c
    }
    var crc: UInt32 = 0xFFFF_FFFF
    for _ in 0..<count { crc = table[Int(crc & 0xFF)] ^ (crc >> 8) }
    return ~crc
  }

  private static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
  }
}
