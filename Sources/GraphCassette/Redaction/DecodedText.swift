import GraphAPI

/// Bytes as a reader of the secret they may hide sees them: percent-escapes (once or twice,
/// `%2541` is `A`), JSON's `\/`, `\"` and ASCII `\uXXXX` escapes decoded, with the source range
/// of every decoded byte kept so that a match found in the decoded text can be replaced in the
/// original. Built in one pass; text without `%` or `\` is used as it is.
struct DecodedText {
  /// The decoded bytes.
  let bytes: [UInt8]
  /// `origin[i]` is where `bytes[i]` starts in the source; `nil` when nothing was decoded.
  private let origin: [Int32]?
  /// The length of the source.
  let sourceCount: Int

  init(_ source: [UInt8]) {
    sourceCount = source.count
    guard source.contains(where: { $0 == 0x25 || $0 == 0x5C }) else {
      bytes = source
      origin = nil
      return
    }
    var out: [UInt8] = []
    var starts: [Int32] = []
    out.reserveCapacity(source.count)
    starts.reserveCapacity(source.count)
    var i = 0
    while i < source.count {
      let (byte, length) = Self.decode(source, at: i)
      out.append(byte)
      starts.append(Int32(truncatingIfNeeded: i))
      i += length
    }
    bytes = out
    origin = starts
  }

  /// The decoded bytes of `source` alone, as `DecodedText(source).bytes`, without the map back
  /// to the source (what a scan for secrets reads): `source` itself when it holds no `%` or
  /// `\`.
  static func bytes(of source: [UInt8]) -> [UInt8] {
    guard source.contains(where: { $0 == 0x25 || $0 == 0x5C }) else { return source }
    var out: [UInt8] = []
    out.reserveCapacity(source.count)
    var i = 0
    while i < source.count {
      let (byte, length) = Self.decode(source, at: i)
      out.append(byte)
      i += length
    }
    return out
  }

  /// The source range of the decoded bytes `range`.
  func sourceRange(_ range: Range<Int>) -> Range<Int> {
    guard let origin else { return range }
    let start = Int(origin[range.lowerBound])
    let end = range.upperBound < origin.count ? Int(origin[range.upperBound]) : sourceCount
    return start..<end
  }

  /// The byte an escape at `i` stands for and how many source bytes it takes.
  private static func decode(_ s: [UInt8], at i: Int) -> (UInt8, Int) {
    let c = s[i]
    if c == 0x25, let v = hexPair(s, i + 1) {
      // `%25XX`: a percent-escape percent-encoded again (a batch inside a form body).
      if v == 0x25, let inner = hexPair(s, i + 3) { return (inner, 5) }
      return (v, 3)
    }
    if c == 0x5C, i + 1 < s.count {
      switch s[i + 1] {
      case 0x2F, 0x22: return (s[i + 1], 2)
      case 0x75:
        if i + 5 < s.count, s[i + 2] == 0x30, s[i + 3] == 0x30, let v = hexPair(s, i + 4),
          v < 0x80
        {
          return (v, 6)
        }
      default: break
      }
    }
    return (c, 1)
  }

  private static func hexPair(_ s: [UInt8], _ i: Int) -> UInt8? {
    guard i + 1 < s.count, let h = Hex.value(s[i]), let l = Hex.value(s[i + 1]) else { return nil }
    return h << 4 | l
  }
}
