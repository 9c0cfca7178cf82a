/// A fast check that bytes are well-formed UTF-8 (no overlong forms, no surrogates, nothing
/// above U+10FFFF), the same rule `String` applies, without making a string.
package enum UTF8Validation {
  package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let p = bytes.baseAddress else { return true }
    let n = bytes.count
    var i = 0
    while i < n {
      // ASCII eight bytes a step, then straight to the first byte with its high bit set.
      if i + 8 <= n {
        let highs = ByteWord.load(p + i) & ByteWord.highs
        if highs == 0 {
          i += 8
          continue
        }
        i += highs.trailingZeroBitCount >> 3
      } else if p[i] < 0x80 {
        i += 1
        continue
      }
      let lead = p[i]
      @inline(__always) func continuation(_ k: Int) -> Bool { p[i + k] & 0xC0 == 0x80 }
      switch lead {
      case 0xC2...0xDF:
        guard i + 1 < n, continuation(1) else { return false }
        i += 2
      case 0xE0...0xEF:
        guard i + 2 < n, continuation(1), continuation(2) else { return false }
        let second = p[i + 1]
        if lead == 0xE0 && second < 0xA0 { return false }  // overlong
        if lead == 0xED && second > 0x9F { return false }  // surrogate
        i += 3
      case 0xF0...0xF4:
        guard i + 3 < n, continuation(1), continuation(2), continuation(3) else { return false }
        let second = p[i + 1]
        if lead == 0xF0 && second < 0x90 { return false }  // overlong
        if lead == 0xF4 && second > 0x8F { return false }  // above U+10FFFF
        i += 4
      default:
        return false
      }
    }
    return true
  }
}
