import GraphJSON

/// Prints a compact JSON answer pretty, straight from its bytes, when they are exactly what
/// the compact printer (`JSONPrinter(options: [])`) prints for them: then the cassette's
/// `{"json": ...}` form holds them with no `layout`, and the pretty bytes are those the printer
/// writes from their parsed document, with no parse, no tape and no second print (recording an
/// answer, issue 48). Anything else (a byte out of that form: whitespace, an escape the printer
/// writes otherwise such as `\/` or `\u00e9`, a number or nesting past the bounds below,
/// invalid UTF-8, a scalar at the top) is refused, and the caller takes the parsing path.
///
/// The printer's form, which this checks byte by byte: no whitespace outside strings; in a
/// string every byte from 0x20 up as it is (`/`, DEL and non-ASCII included; UTF-8 well
/// formed) except `"` and `\`, which are `\"` and `\\`, and the control characters, which are
/// `\n`, `\r`, `\t`, `\b`, `\f` or `\u00xx` in lowercase hex; numbers in RFC 8259's grammar,
/// printed as their text.
enum CompactJSONReindenter {
  /// The deepest nesting taken (the parser takes 512). **[choice]**: answers go a few levels deep.
  static let deepest = 128
  /// The longest number taken, in bytes. **[choice]**
  static let longestNumber = 64

  /// Appends `bytes` printed pretty to `out`, each line break followed by `indent` spaces and
  /// two more per level; `false` (and `out` as it was) when `bytes` are not in the compact
  /// printer's form or not an object or an array.
  static func appendPretty(
    _ bytes: UnsafeBufferPointer<UInt8>, indent: Int, to out: inout [UInt8]
  ) -> Bool {
    let start = out.count
    var reindenter = Run(s: bytes, indent: indent)
    let done = reindenter.run(into: &out)
    if !done { out.removeSubrange(start...) }
    return done
  }

  /// One pass over the bytes.
  private struct Run {
    let s: UnsafeBufferPointer<UInt8>
    let indent: Int
    var i = 0
    /// The open containers, `true` for an object.
    var stack: [Bool] = []

    init(s: UnsafeBufferPointer<UInt8>, indent: Int) {
      self.s = s
      self.indent = indent
      stack.reserveCapacity(16)
    }

    mutating func run(into out: inout [UInt8]) -> Bool {
      guard let first = s.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
        return false
      }
      // Expecting a value (after `[`, `,` in an array, or a key's `:`).
      while true {
        guard let opened = value(into: &out) else { return false }
        if opened { continue }
        // After a value: a comma, or closing brackets, until a value is expected again.
        while true {
          guard let isObject = stack.last else { return i == s.count }
          guard i < s.count else { return false }
          let b = s[i]
          if b == UInt8(ascii: ",") {
            i += 1
            out.append(b)
            newline(stack.count, &out)
            if isObject { guard key(into: &out) else { return false } }
            break
          }
          guard b == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
          i += 1
          stack.removeLast()
          newline(stack.count, &out)
          out.append(b)
        }
      }
    }

    /// A line break and the indentation of `level`.
    private func newline(_ level: Int, _ out: inout [UInt8]) {
      out.append(0x0A)
      Spaces.append(indent + 2 * level, to: &out)
    }

    /// A member's key and its colon (`"key": `).
    private mutating func key(into out: inout [UInt8]) -> Bool {
      guard i < s.count, s[i] == UInt8(ascii: "\""), string(into: &out), i < s.count,
        s[i] == UInt8(ascii: ":")
      else { return false }
      i += 1
      out.append(UInt8(ascii: ":"))
      out.append(0x20)
      return true
    }

    /// One value: `false` when it is complete, `true` when it opened a container with
    /// members (its first member's key written: a value comes next), `nil` when refused.
    private mutating func value(into out: inout [UInt8]) -> Bool? {
      guard i < s.count else { return nil }
      let b = s[i]
      switch b {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = b == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        guard i + 1 < s.count else { return nil }
        if s[i + 1] == close {
          out.append(b)
          out.append(close)
          i += 2
          return false
        }
        guard stack.count < CompactJSONReindenter.deepest else { return nil }
        i += 1
        out.append(b)
        stack.append(isObject)
        newline(stack.count, &out)
        if isObject, !key(into: &out) { return nil }
        return true
      case UInt8(ascii: "\""):
        return string(into: &out) ? false : nil
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return number(into: &out) ? false : nil
      case UInt8(ascii: "t"): return literal("true", into: &out) ? false : nil
      case UInt8(ascii: "f"): return literal("false", into: &out) ? false : nil
      case UInt8(ascii: "n"): return literal("null", into: &out) ? false : nil
      default: return nil
      }
    }

    private mutating func literal(_ text: StaticString, into out: inout [UInt8]) -> Bool {
      let n = text.utf8CodeUnitCount
      guard i + n <= s.count else { return false }
      for k in 0..<n where s[i + k] != text.utf8Start[k] { return false }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: s[i..<(i + n)]))
      i += n
      return true
    }

    private func isDigit(_ at: Int) -> Bool {
      at < s.count && s[at] >= UInt8(ascii: "0") && s[at] <= UInt8(ascii: "9")
    }

    /// RFC 8259's number, as `JSONScanner.scanNumber` reads it.
    private mutating func number(into out: inout [UInt8]) -> Bool {
      let start = i
      if s[i] == UInt8(ascii: "-") { i += 1 }
      guard isDigit(i) else { return false }
      let first = s[i]
      i += 1
      if first != UInt8(ascii: "0") { while isDigit(i) { i += 1 } }
      if i < s.count, s[i] == UInt8(ascii: ".") {
        i += 1
        guard isDigit(i) else { return false }
        while isDigit(i) { i += 1 }
      }
      if i < s.count, s[i] | 0x20 == UInt8(ascii: "e") {
        i += 1
        if i < s.count, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { return false }
        while isDigit(i) { i += 1 }
      }
      guard i - start <= CompactJSONReindenter.longestNumber else { return false }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: s[start..<i]))
      return true
    }

    /// A string in the printer's form, copied as it is.
    private mutating func string(into out: inout [UInt8]) -> Bool {
      let start = i
      i += 1
      guard let p = s.baseAddress else { return false }
      let n = s.count
      while true {
        // Plain ASCII eight bytes at a time.
        while i + 8 <= n {
          let word = ByteWord.load(p + i)
          if ByteWord.needsAttention(word) || word & 0x8080_8080_8080_8080 != 0 { break }
          i += 8
        }
        guard i < n else { return false }
        let b = s[i]
        if b == UInt8(ascii: "\"") {
          i += 1
          out.append(contentsOf: UnsafeBufferPointer(rebasing: s[start..<i]))
          return true
        }
        if b < 0x20 { return false }
        if b == UInt8(ascii: "\\") {
          guard let length = escape(at: i) else { return false }
          i += length
        } else if b >= 0x80 {
          guard let length = scalar(at: i) else { return false }
          i += length
        } else {
          i += 1
        }
      }
    }

    /// The length of the escape at `at` when the printer writes it so.
    private func escape(at: Int) -> Int? {
      guard at + 1 < s.count else { return nil }
      switch s[at + 1] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"),
        UInt8(ascii: "t"), UInt8(ascii: "b"), UInt8(ascii: "f"):
        return 2
      case UInt8(ascii: "u"):
        // `\u00xx` for a control character with no short escape, lowercase hex.
        guard at + 5 < s.count, s[at + 2] == UInt8(ascii: "0"), s[at + 3] == UInt8(ascii: "0"),
          let high = lowerHex(s[at + 4]), high < 2, let low = lowerHex(s[at + 5])
        else { return nil }
        switch high << 4 | low {
        case 0x08, 0x09, 0x0A, 0x0C, 0x0D: return nil
        default: return 6
        }
      default:
        return nil
      }
    }

    private func lowerHex(_ b: UInt8) -> UInt8? {
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
      default: nil
      }
    }

    /// The length of the well-formed UTF-8 scalar at `at` (no overlong form, no surrogate,
    /// nothing past U+10FFFF).
    private func scalar(at: Int) -> Int? {
      let lead = s[at]
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return nil
      }
      guard at + length <= s.count, (low...high).contains(s[at + 1]) else { return nil }
      for k in 2..<length where !(0x80...0xBF).contains(s[at + k]) { return nil }
      return length
    }
  }
}
