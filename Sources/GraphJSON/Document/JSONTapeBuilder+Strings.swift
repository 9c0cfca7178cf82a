#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONTapeBuilder {
  /// A string whose opening quote is at the cursor, onto the tape: scanned, unescaped and
  /// copied into the byte buffer in one pass, eight bytes a step. Each step stores its whole
  /// word at the write position before looking at it (the buffer has room to spare: no
  /// string's content is longer than its source), and the first byte that needs work (quote,
  /// backslash, control character) is found from the word's attention bits, so plain text
  /// costs one load, one store and one test per eight bytes. A short result becomes an inline
  /// word and leaves the buffer as it was. Errors are `JSONScanner.scanString`'s, at the same
  /// offsets.
  @inline(__always)
  mutating func scanString(tag: UInt64) throws(JSONParseError) {
    let base = scanner.base
    let count = scanner.count
    let start = scanner.index &+ 1
    let first = text + byteCount
    var out = first
    var i = start
    // The raw bytes OR-ed (escapes only produce valid UTF-8), for the ASCII check.
    var seen: UInt64 = 0
    var escaped = false
    while true {
      if i &+ 8 <= count {
        let word = ByteWord.load(base + i)
        UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
        let stops = ByteWord.attention(word) & ByteWord.highs
        if stops == 0 {
          seen |= word
          i &+= 8
          out += 8
          continue
        }
        let plain = stops.trailingZeroBitCount &>> 3
        seen |= word & ((1 &<< (UInt64(plain) &* 8)) &- 1)
        i &+= plain
        out += plain
      } else {
        while i < count {
          let b = base[i]
          if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
          out.pointee = b
          seen |= UInt64(b)
          i &+= 1
          out += 1
        }
        guard i < count else {
          scanner.index = i
          throw scanner.error(expected: "'\"' to close the string")
        }
      }
      let b = base[i]
      if b == UInt8(ascii: "\"") { break }
      guard b == UInt8(ascii: "\\") else {
        scanner.index = i
        throw scanner.error(expected: "a string character or '\"'")
      }
      escaped = true
      i &+= 1
      guard i < count else {
        scanner.index = i
        throw scanner.error(expected: "'\"' to close the string")
      }
      let escape = base[i]
      i &+= 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.pointee = escape
      case UInt8(ascii: "b"): out.pointee = 0x08
      case UInt8(ascii: "f"): out.pointee = 0x0C
      case UInt8(ascii: "n"): out.pointee = 0x0A
      case UInt8(ascii: "r"): out.pointee = 0x0D
      case UInt8(ascii: "t"): out.pointee = 0x09
      case UInt8(ascii: "u"):
        scanner.index = i
        let scalar = try scanner.parseUnicodeEscape()
        i = scanner.index
        out = Self.encode(scalar, at: out)
        continue
      default:
        scanner.index = i &- 1
        throw scanner.error(expected: "an escape character (one of \" \\ / b f n r t u)")
      }
      out += 1
    }
    scanner.index = i &+ 1
    let length = out - first
    if seen & ByteWord.highs != 0
      && !UTF8Validation.isValid(UnsafeBufferPointer(start: first, count: length))
    {
      throw scanner.invalidUTF8(
        in: ScannedString(start: start, end: i, escaped: escaped, ascii: false))
    }
    if length <= 7 {
      // The buffer always has eight bytes to read past the write position.
      append(JSONTape.inlineWord(tag: tag, first, length: length, readable: true))
      return
    }
    if length >= Int(JSONTape.fieldMask) {
      // Room for the eight-byte length before the text (counted in the buffer's size).
      memmove(first + 8, first, length)
      UnsafeMutableRawPointer(first).storeBytes(of: UInt64(length), as: UInt64.self)
      byteCount += 8
    }
    append(JSONTape.word(tag: tag + 1, field: length, low: byteCount))
    byteCount += length
  }

  /// Writes the UTF-8 form of a scalar from `\u` escapes at `out`; returns the position
  /// after it.
  @inline(__always)
  private static func encode(
    _ value: UInt32, at out: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    switch value {
    case 0..<0x80:
      out[0] = UInt8(value)
      return out + 1
    case 0x80..<0x800:
      out[0] = UInt8(0xC0 | value >> 6)
      out[1] = UInt8(0x80 | value & 0x3F)
      return out + 2
    case 0x800..<0x10000:
      out[0] = UInt8(0xE0 | value >> 12)
      out[1] = UInt8(0x80 | (value >> 6) & 0x3F)
      out[2] = UInt8(0x80 | value & 0x3F)
      return out + 3
    default:
      out[0] = UInt8(0xF0 | value >> 18)
      out[1] = UInt8(0x80 | (value >> 12) & 0x3F)
      out[2] = UInt8(0x80 | (value >> 6) & 0x3F)
      out[3] = UInt8(0x80 | value & 0x3F)
      return out + 4
    }
  }
}
