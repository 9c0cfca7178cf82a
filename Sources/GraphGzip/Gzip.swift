import GraphAPI

/// gzip (RFC 1952) around deflate (RFC 1951), in Swift: what the native cassette format uses to
/// store large bodies compressed (`{"gzip": "<base64>"}`), read back with a limit on the
/// inflated size so a hostile cassette cannot inflate past it.
///
/// URLSession on Linux always decodes gzip and deflate answers itself (swift-corelibs-foundation
/// turns on libcurl's content decoding for every request), so the bytes a server sent compressed
/// are never seen; large answers are compressed again when they are written.
package enum Gzip {
  /// Why gzip data could not be inflated.
  package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The inflated data would pass `limit` bytes: inflating stopped there.
    case tooLarge(limit: Int)
    /// Not gzip, or damaged: what is wrong.
    case malformed(String)

    package var description: String {
      switch self {
      case .tooLarge(let limit):
        return "inflates to more than \(ByteCount.text(limit)) (the limit on inflated bodies)"
      case .malformed(let problem): return "not valid gzip data: \(problem)"
      }
    }
  }

  /// Whether `bytes` start like gzip data.
  package static func looksCompressed(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
  }

  /// `bytes` compressed: one gzip member, a fixed-Huffman deflate block with LZ77 matches.
  package static func compress(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    out += Deflater.deflate(bytes)
    out += littleEndian(crc32(bytes))
    out += littleEndian(UInt32(truncatingIfNeeded: bytes.count))
    return out
  }

  /// The data of the one gzip member in `bytes`, never more than `limit` bytes of it.
  package static func decompress(_ bytes: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
    guard looksCompressed(bytes) else {
      throw .malformed("it does not start with the gzip signature 1f 8b")
    }
    guard bytes.count >= 18 else { throw .malformed("\(bytes.count) bytes are too few for gzip") }
    guard bytes[2] == 8 else { throw .malformed("compression method \(bytes[2]) is not deflate") }
    let flags = bytes[3]
    var position = 10
    func skip(_ count: Int) throws(Failure) {
      guard count <= bytes.count - position else { throw .malformed("the header is cut short") }
      position += count
    }
    if flags & 4 != 0 {
      try skip(2)
      try skip(Int(bytes[position - 2]) | Int(bytes[position - 1]) << 8)
    }
    for flag in [UInt8(8), 16] where flags & flag != 0 {
      guard let end = bytes[position...].firstIndex(of: 0) else {
        throw .malformed("the header is cut short")
      }
      position = end + 1
    }
    if flags & 2 != 0 { try skip(2) }
    var inflater = Inflater(bytes, from: position, limit: limit)
    let data = try inflater.inflate()
    let end = inflater.position
    guard bytes.count - end >= 8 else { throw .malformed("the trailer is cut short") }
    guard bytes.count - end == 8 else {
      throw .malformed("\(bytes.count - end - 8) bytes follow the gzip data")
    }
    let crc = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[end + $1]) << (8 * UInt32($1)) }
    let size = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[end + 4 + $1]) << (8 * UInt32($1)) }
    guard size == UInt32(truncatingIfNeeded: data.count) else {
      throw .malformed("the trailer gives size \(size), the data is \(data.count) bytes")
    }
    guard crc == crc32(data) else { throw .malformed("the CRC-32 does not match the data") }
    return data
  }

  private static let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
    return c
  }

  /// The CRC-32 of `bytes` (the one gzip and zlib use).
  package static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    bytes.withUnsafeBufferPointer { buffer in
      crcTable.withUnsafeBufferPointer { table in
        for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
      }
    }
    return ~crc
  }

  /// The CRC-32 of `count` zero bytes, in time logarithmic in `count` (zlib's `crc32_combine`
  /// arithmetic: `count` zero bytes multiply the register by x^(8 count) modulo the polynomial).
  package static func crc32OfZeros(count: Int) -> UInt32 {
    func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
      var m: UInt32 = 1 << 31
      var b = b
      var p: UInt32 = 0
      while m != 0 {
        if a & m != 0 { p ^= b }
        m >>= 1
        b = b & 1 == 1 ? (b >> 1) ^ 0xEDB8_8320 : b >> 1
      }
      return p
    }
    var power: UInt32 = 1 << 31  // x^0
    var square: UInt32 = 1 << 23  // x^8: one zero byte
    var n = count
    while n > 0 {
      if n & 1 == 1 { power = multiply(power, square) }
      square = multiply(square, square)
      n >>= 1
    }
    return ~multiply(power, 0xFFFF_FFFF)
  }

  private static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
  }
}
