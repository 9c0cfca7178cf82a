/// The parsing engine behind `JSONParser`: a cursor over a byte buffer, one stack of finished
/// values, one of pending object keys and one of open containers. Closing a container moves
/// its elements off the value stack into a fresh array, so no value is copied twice and
/// nothing recurses.
struct JSONScanner {
  let base: UnsafePointer<UInt8>
  /// Where the text ends; moved to parse a part of the buffer as a text of its own (each
  /// element of a patch, with the caches kept between them).
  var count: Int
  let maxDepth: Int
  var index = 0
  /// Reused buffer for strings with escapes; the owner deallocates it.
  var scratch = OutputBuffer(capacity: 256)
  /// Recently made short strings, to reuse.
  var cache: ShortStringCache

  /// An open container: where its elements (and keys) start on the stacks.
  struct Frame {
    var isObject: Bool
    var valueStart: Int
    var keyStart: Int
  }

  init(base: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
    self.base = base
    self.count = count
    self.maxDepth = maxDepth
    cache = ShortStringCache(forBytes: count)
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    var values = MoveStack<JSONValue>(capacity: 256)
    var keys = MoveStack<String>(capacity: 128)
    defer {
      values.release()
      keys.release()
    }
    var frames: [Frame] = []
    frames.reserveCapacity(32)
    outer: while true {
      skipWhitespace()
      guard index < count else { throw error(expected: "a value") }
      switch base[index] {
      case UInt8(ascii: "{"):
        if frames.count >= maxDepth { throw failure(.tooDeep(limit: maxDepth), at: index) }
        index += 1
        skipWhitespace()
        if index < count && base[index] == UInt8(ascii: "}") {
          index += 1
          values.push(.object(JSONObject()))
        } else {
          keys.push(try parseKey(expected: "a string key or '}'"))
          frames.append(Frame(isObject: true, valueStart: values.count, keyStart: keys.count - 1))
          continue outer
        }
      case UInt8(ascii: "["):
        if frames.count >= maxDepth { throw failure(.tooDeep(limit: maxDepth), at: index) }
        index += 1
        skipWhitespace()
        if index < count && base[index] == UInt8(ascii: "]") {
          index += 1
          values.push(.array([]))
        } else {
          frames.append(Frame(isObject: false, valueStart: values.count, keyStart: keys.count))
          continue outer
        }
      case UInt8(ascii: "\""):
        values.push(.string(try parseString()))
      case UInt8(ascii: "t"):
        try expectLiteral("true")
        values.push(.bool(true))
      case UInt8(ascii: "f"):
        try expectLiteral("false")
        values.push(.bool(false))
      case UInt8(ascii: "n"):
        try expectLiteral("null")
        values.push(.null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        values.push(.number(try parseNumber()))
      default:
        throw error(expected: "a value")
      }
      // A value is complete: continue its container, closing those that end here.
      while let frame = frames.last {
        skipWhitespace()
        let b: UInt8 = index < count ? base[index] : 0
        if frame.isObject {
          if b == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            keys.push(try parseKey(expected: "a string key"))
            continue outer
          }
          guard b == UInt8(ascii: "}") else {
            throw error(expected: "',' or '}' after an object member")
          }
          index += 1
          frames.removeLast()
          let object = Self.closeObject(&values, &keys, frame)
          values.push(.object(object))
        } else {
          if b == UInt8(ascii: ",") {
            index += 1
            continue outer
          }
          guard b == UInt8(ascii: "]") else {
            throw error(expected: "',' or ']' after an array element")
          }
          index += 1
          frames.removeLast()
          values.push(.array(values.popArray(from: frame.valueStart)))
        }
      }
      skipWhitespace()
      if index < count { throw error(expected: "end of input") }
      return values.pop()
    }
  }

  /// Pairs the keys and values of a closing object into its members, moving them.
  private static func closeObject(
    _ values: inout MoveStack<JSONValue>, _ keys: inout MoveStack<String>, _ frame: Frame
  ) -> JSONObject {
    let n = values.count - frame.valueStart
    let members = [JSONObject.Member](unsafeUninitializedCapacity: n) { target, initialized in
      for i in 0..<n {
        (target.baseAddress! + i).initialize(
          to: JSONObject.Member(
            key: keys.move(at: frame.keyStart + i), value: values.move(at: frame.valueStart + i)))
      }
      initialized = n
    }
    values.discard(from: frame.valueStart)
    keys.discard(from: frame.keyStart)
    return JSONObject(members)
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while index < count {
      let b = base[index]
      guard b <= 0x20, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
      index += 1
    }
  }

  private mutating func parseKey(expected: String) throws(JSONParseError) -> String {
    guard index < count, base[index] == UInt8(ascii: "\"") else { throw error(expected: expected) }
    let key = try parseString()
    skipWhitespace()
    guard index < count, base[index] == UInt8(ascii: ":") else {
      throw error(expected: "':' after an object key")
    }
    index += 1
    return key
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let start = index
    let length = literal.utf8CodeUnitCount
    let text = literal.utf8Start
    for offset in 0..<length {
      guard start + offset < count, base[start + offset] == text[offset] else {
        index = start + offset
        throw error(expected: "'\(literal)'")
      }
    }
    index = start + length
  }

  @inline(__always)
  private func isDigit(at position: Int) -> Bool {
    position < count && base[position] &- 0x30 < 10
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
    let start = index
    try scanNumber()
    let length = index - start
    let bytes = UnsafeBufferPointer(start: base + start, count: length)
    guard length <= 16, start + 16 <= count else {
      return JSONNumber(text: String(decoding: bytes, as: UTF8.self))
    }
    var slot = 0
    var low: UInt64 = 0
    var high: UInt64 = 0
    if let cached = cache.lookup(base + start, length: length, slot: &slot, low: &low, high: &high)
    {
      return JSONNumber(text: cached)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    cache.store(text, slot: slot, low: low, high: high, length: length)
    return JSONNumber(text: text)
  }

  /// Scans the number starting at `index` (strict RFC 8259 grammar), leaving `index` after it.
  mutating func scanNumber() throws(JSONParseError) {
    if base[index] == UInt8(ascii: "-") { index += 1 }
    guard isDigit(at: index) else { throw error(expected: "a digit") }
    let first = base[index]
    index += 1
    if first != UInt8(ascii: "0") {
      while isDigit(at: index) { index += 1 }
    }
    if index < count && base[index] == UInt8(ascii: ".") {
      index += 1
      guard isDigit(at: index) else { throw error(expected: "a digit after '.'") }
      while isDigit(at: index) { index += 1 }
    }
    if index < count && base[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < count && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) {
        index += 1
      }
      guard isDigit(at: index) else { throw error(expected: "a digit in the exponent") }
      while isDigit(at: index) { index += 1 }
    }
  }

  // MARK: Errors

  func error(expected: String) -> JSONParseError {
    failure(.unexpected(expected: expected, found: describeFound()), at: index)
  }

  private func describeFound() -> String {
    guard index < count else { return "end of input" }
    let b = base[index]
    switch b {
    case 0x20...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
    case 0x0A: return "a line break"
    case 0x0D: return "a carriage return"
    case 0x09: return "a tab"
    default:
      if b >= 0x80, let scalar = scalar(at: index) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "'\(scalar)' (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
      }
      let hex = String(b, radix: 16, uppercase: true)
      return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
  }

  /// The well-formed UTF-8 scalar starting at `position`, if any.
  private func scalar(at position: Int) -> Unicode.Scalar? {
    let lead = base[position]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
    guard length > 0, position + length <= count else { return nil }
    let bytes = UnsafeBufferPointer(start: base + position, count: length)
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    return text.unicodeScalars.first
  }

  func failure(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
    var line = 1
    var column = 1
    var i = 0
    while i < offset && i < count {
      let b = base[i]
      if b == 0x0A {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return JSONParseError(reason: reason, line: line, column: column, offset: offset)
  }
}
