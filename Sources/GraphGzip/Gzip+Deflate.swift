extension Gzip {
  /// The data of an HTTP `Content-Encoding: deflate` body, never more than `limit` bytes of it:
  /// zlib data (RFC 1950, what the standard means) or, as some servers send, raw deflate.
  package static func inflateDeflateEncoding(_ bytes: [UInt8], limit: Int) throws(Failure)
    -> [UInt8]
  {
    guard bytes.count >= 2, bytes[0] & 0x0F == 8, bytes[0] >> 4 <= 7,
      (Int(bytes[0]) << 8 | Int(bytes[1])) % 31 == 0, bytes[1] & 0x20 == 0
    else {
      var raw = Inflater(bytes, from: 0, limit: limit)
      let data = try raw.inflate()
      guard raw.position == bytes.count else {
        throw .malformed("\(bytes.count - raw.position) bytes follow the deflate data")
      }
      return data
    }
    var inflater = Inflater(bytes, from: 2, limit: limit)
    let data = try inflater.inflate()
    let end = inflater.position
    guard bytes.count - end == 4 else {
      throw .malformed(
        bytes.count - end < 4
          ? "the zlib trailer is cut short" : "\(bytes.count - end - 4) bytes follow the zlib data")
    }
    let stored = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[end + $1]) }
    guard stored == adler32(data) else {
      throw .malformed("the Adler-32 does not match the data")
    }
    return data
  }

  /// The Adler-32 checksum of `bytes` (zlib's).
  package static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    var index = 0
    while index < bytes.count {
      // 5552 bytes keep the sums within 32 bits before the modulo (zlib's NMAX).
      let end = min(bytes.count, index + 5552)
      for byte in bytes[index..<end] {
        a &+= UInt32(byte)
        b &+= a
      }
      a %= 65521
      b %= 65521
      index = end
    }
    return b << 16 | a
  }
}
