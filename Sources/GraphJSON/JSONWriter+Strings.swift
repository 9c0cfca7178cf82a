extension JSONWriter {
  /// Writes `text` as a quoted JSON string: plain runs are copied in bulk, and only quotes,
  /// backslashes, control characters (and with `.asciiOnly`, non-ASCII) are escaped.
  mutating func writeQuoted(_ text: String) {
    var text = text
    text.withUTF8 { writeQuoted($0) }
  }

  /// How much of a string is copied before the buffer may hand a full chunk on: a string far
  /// longer than a chunk is streamed, not held whole.
  static let stringPiece = 1 << 16

  /// Writes valid UTF-8 `utf8` as a quoted JSON string. `plain` promises that it holds no
  /// quote, backslash or control character, so that only `.asciiOnly` may need escapes.
  mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, plain: Bool = false) {
    let n = utf8.count
    guard let p = utf8.baseAddress, !(plain && !asciiOnly && n <= Self.stringPiece) else {
      buffer.reserve(n + 2)
      buffer.appendReserved(UInt8(ascii: "\""))
      if let p = utf8.baseAddress { buffer.append(p, count: n) }
      buffer.appendReserved(UInt8(ascii: "\""))
      return
    }
    buffer.append(UInt8(ascii: "\""))
    let stopAtNonASCII: UInt64 = asciiOnly ? ByteWord.highs : 0
    var runStart = 0
    var i = 0
    while i < n {
      while i + 8 <= n {
        let word = ByteWord.load(p + i)
        if ByteWord.needsAttention(word) || word & stopAtNonASCII != 0 { break }
        i += 8
        if i - runStart >= Self.stringPiece { break }
      }
      guard i < n else { break }
      if i - runStart >= Self.stringPiece {
        // A long run is handed on in pieces cut between characters, so that printing a
        // 200 MB string streams in bounded memory (each piece still valid UTF-8).
        var cut = i
        while cut > runStart, p[cut] & 0xC0 == 0x80 { cut -= 1 }
        buffer.append(p + runStart, count: cut - runStart)
        runStart = cut
        buffer.flushIfFull()
      }
      let b = p[i]
      if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") && (b < 0x80 || !asciiOnly)
      {
        i += 1
        continue
      }
      buffer.append(p + runStart, count: i - runStart)
      if b >= 0x80 {
        i += writeEscapedScalar(p + i)
      } else {
        writeEscaped(b)
        i += 1
      }
      runStart = i
      // Between characters here too: a string of many escapes streams as well.
      buffer.flushIfFull()
    }
    buffer.append(p + runStart, count: n - runStart)
    buffer.append(UInt8(ascii: "\""))
  }

  private mutating func writeEscaped(_ b: UInt8) {
    switch b {
    case 0x22: buffer.append("\\\"")
    case 0x5C: buffer.append("\\\\")
    case 0x0A: buffer.append("\\n")
    case 0x0D: buffer.append("\\r")
    case 0x09: buffer.append("\\t")
    case 0x08: buffer.append("\\b")
    case 0x0C: buffer.append("\\f")
    default: writeUnicodeEscape(UInt32(b))
    }
  }

  /// Escapes the well-formed UTF-8 scalar at `p` as `\uXXXX` (a surrogate pair above the BMP)
  /// and returns its length in bytes.
  private mutating func writeEscapedScalar(_ p: UnsafePointer<UInt8>) -> Int {
    let lead = UInt32(p[0])
    let length: Int
    var value: UInt32
    if lead >= 0xF0 {
      length = 4
      value = lead & 0x07
    } else if lead >= 0xE0 {
      length = 3
      value = lead & 0x0F
    } else {
      length = 2
      value = lead & 0x1F
    }
    for k in 1..<length { value = value << 6 | UInt32(p[k] & 0x3F) }
    if value >= 0x10000 {
      let offset = value - 0x10000
      writeUnicodeEscape(0xD800 + (offset >> 10))
      writeUnicodeEscape(0xDC00 + (offset & 0x3FF))
    } else {
      writeUnicodeEscape(value)
    }
    return length
  }

  private mutating func writeUnicodeEscape(_ unit: UInt32) {
    let hex: StaticString = "0123456789abcdef"
    buffer.reserve(6)
    buffer.appendReserved(UInt8(ascii: "\\"))
    buffer.appendReserved(UInt8(ascii: "u"))
    for shift: UInt32 in [12, 8, 4, 0] {
      buffer.appendReserved(hex.utf8Start[Int((unit >> shift) & 0xF)])
    }
  }
}
