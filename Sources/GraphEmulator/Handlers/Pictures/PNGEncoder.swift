/// A minimal PNG writer: 8-bit RGB, one IDAT chunk of zlib *stored* (uncompressed) blocks,
/// CRC-32 per chunk and Adler-32 over the image data. No compression and no dependency: the
/// pictures are small and generated, and any PNG decoder reads stored blocks.
enum PNGEncoder {
  /// The PNG file for `width` x `height` pixels, `rgb` holding 3 bytes per pixel, row by row.
  static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
    precondition(width > 0 && height > 0 && rgb.count == width * height * 3)
    var raw: [UInt8] = []
    raw.reserveCapacity(height * (width * 3 + 1))
    for row in 0..<height {
      raw.append(0)  // filter type None
      raw += rgb[(row * width * 3)..<((row + 1) * width * 3)]
    }
    var header: [UInt8] = []
    header += bigEndian(UInt32(width))
    header += bigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]  // bit depth 8, colour type RGB, deflate, no filter, no interlace
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    file += chunk("IHDR", header)
    file += chunk("IDAT", zlibStored(raw))
    file += chunk("IEND", [])
    return file
  }

  /// zlib framing around deflate stored blocks of at most 65535 bytes.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65_535, data.count - offset)
      let last: UInt8 = offset + count == data.count ? 1 : 0
      out.append(last)
      out += [UInt8(count & 0xFF), UInt8(count >> 8)]
      out += [UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      out += data[offset..<(offset + count)]
      offset += count
    } while offset < data.count
    out += bigEndian(adler32(data))
    return out
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  static let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// CRC-32 (ISO 3309, as PNG and zlib's crc32 compute it).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }

  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }
}
