/// The parsing engine behind `JSONParser`: a cursor over a byte buffer and an explicit stack
/// of open containers.
struct JSONScanner {
  let buffer: UnsafeBufferPointer<UInt8>
  let maxDepth: Int
  var index = 0

  init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.buffer = buffer
    self.maxDepth = maxDepth
  }

  private enum Frame {
    case array([JSONValue])
    case object(JSONObject, key: String)
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    var stack: [Frame] = []
    outer: while true {
      skipWhitespace()
      var value: JSONValue
      guard index < buffer.count else { throw error(expected: "a value") }
      switch buffer[index] {
      case UInt8(ascii: "{"):
        try checkDepth(stack.count)
        index += 1
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
          index += 1
          value = .object(JSONObject())
        } else {
          let key = try parseKey(expected: "a string key or '}'")
          stack.append(.object(JSONObject(), key: key))
          continue outer
        }
      case UInt8(ascii: "["):
        try checkDepth(stack.count)
        index += 1
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
          index += 1
          value = .array([])
        } else {
          stack.append(.array([]))
          continue outer
        }
      case UInt8(ascii: "\""):
        value = .string(try parseString())
      case UInt8(ascii: "t"):
        try expectLiteral("true")
        value = .bool(true)
      case UInt8(ascii: "f"):
        try expectLiteral("false")
        value = .bool(false)
      case UInt8(ascii: "n"):
        try expectLiteral("null")
        value = .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = .number(try parseNumber())
      default:
        throw error(expected: "a value")
      }
      // Hand the finished value to the enclosing containers, closing those that end here.
      while true {
        guard let top = stack.popLast() else {
          skipWhitespace()
          if index < buffer.count { throw error(expected: "end of input") }
          return value
        }
        switch top {
        case .array(var items):
          items.append(value)
          skipWhitespace()
          if peek == UInt8(ascii: ",") {
            index += 1
            stack.append(.array(items))
            continue outer
          } else if peek == UInt8(ascii: "]") {
            index += 1
            value = .array(items)
          } else {
            throw error(expected: "',' or ']' after an array element")
          }
        case .object(var object, let key):
          object.members.append(JSONObject.Member(key: key, value: value))
          skipWhitespace()
          if peek == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            let next = try parseKey(expected: "a string key")
            stack.append(.object(object, key: next))
            continue outer
          } else if peek == UInt8(ascii: "}") {
            index += 1
            value = .object(object)
          } else {
            throw error(expected: "',' or '}' after an object member")
          }
        }
      }
    }
  }

  private var peek: UInt8? { index < buffer.count ? buffer[index] : nil }

  private func checkDepth(_ depth: Int) throws(JSONParseError) {
    if depth >= maxDepth { throw failure(.tooDeep(limit: maxDepth), at: index) }
  }

  private mutating func skipWhitespace() {
    while index < buffer.count {
      switch buffer[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private mutating func parseKey(expected: String) throws(JSONParseError) -> String {
    guard peek == UInt8(ascii: "\"") else { throw error(expected: expected) }
    let key = try parseString()
    skipWhitespace()
    guard peek == UInt8(ascii: ":") else { throw error(expected: "':' after an object key") }
    index += 1
    return key
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let start = index
    let count = literal.utf8CodeUnitCount
    let base = literal.utf8Start
    for offset in 0..<count {
      guard start + offset < buffer.count, buffer[start + offset] == base[offset] else {
        index = start + offset
        throw error(expected: "'\(literal)'")
      }
    }
    index = start + count
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
    let start = index
    if peek == UInt8(ascii: "-") { index += 1 }
    guard let first = peek, isDigit(first) else { throw error(expected: "a digit") }
    index += 1
    if first != UInt8(ascii: "0") {
      while let b = peek, isDigit(b) { index += 1 }
    }
    if peek == UInt8(ascii: ".") {
      index += 1
      guard let b = peek, isDigit(b) else { throw error(expected: "a digit after '.'") }
      while let b = peek, isDigit(b) { index += 1 }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      guard let b = peek, isDigit(b) else { throw error(expected: "a digit in the exponent") }
      while let b = peek, isDigit(b) { index += 1 }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
    return JSONNumber(text: text)
  }

  private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  /// Parses a string whose opening quote is at `index`.
  private mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < buffer.count {
      let b = buffer[index]
      if b == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: buffer[start..<index])
        guard let s = String(validating: slice, as: UTF8.self) else {
          throw failure(.invalidUTF8, at: start - 1)
        }
        index += 1
        return s
      }
      if b == UInt8(ascii: "\\") { break }
      if b < 0x20 { throw error(expected: "a string character or '\"'") }
      index += 1
    }
    var bytes = Array(UnsafeBufferPointer(rebasing: buffer[start..<index]))
    while index < buffer.count {
      let b = buffer[index]
      if b == UInt8(ascii: "\"") {
        guard let s = String(validating: bytes, as: UTF8.self) else {
          throw failure(.invalidUTF8, at: start - 1)
        }
        index += 1
        return s
      }
      if b < 0x20 { throw error(expected: "a string character or '\"'") }
      if b != UInt8(ascii: "\\") {
        bytes.append(b)
        index += 1
        continue
      }
      index += 1
      guard let e = peek else { break }
      switch e {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(e)
      case UInt8(ascii: "b"): bytes.append(0x08)
      case UInt8(ascii: "f"): bytes.append(0x0C)
      case UInt8(ascii: "n"): bytes.append(0x0A)
      case UInt8(ascii: "r"): bytes.append(0x0D)
      case UInt8(ascii: "t"): bytes.append(0x09)
      case UInt8(ascii: "u"):
        index += 1
        let scalar = try parseUnicodeEscape()
        bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
        continue
      default:
        throw error(expected: "an escape character (one of \" \\ / b f n r t u)")
      }
      index += 1
    }
    throw error(expected: "'\"' to close the string")
  }

  /// Parses the hex digits after `\u` (and a following low surrogate escape if needed).
  private mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
    let high = try parseHex4()
    if (0xD800...0xDBFF).contains(high) {
      if index + 1 < buffer.count, buffer[index] == UInt8(ascii: "\\"),
        buffer[index + 1] == UInt8(ascii: "u")
      {
        let save = index
        index += 2
        let low = try parseHex4()
        if (0xDC00...0xDFFF).contains(low) {
          let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
          return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        index = save
      }
      return "\u{FFFD}"
    }
    return Unicode.Scalar(high) ?? "\u{FFFD}"
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let b = peek else { throw error(expected: "four hex digits after '\\u'") }
      let digit: UInt32
      switch b {
      case 0x30...0x39: digit = UInt32(b - 0x30)
      case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
      default: throw error(expected: "four hex digits after '\\u'")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  // MARK: Errors

  private func error(expected: String) -> JSONParseError {
    failure(.unexpected(expected: expected, found: describeFound()), at: index)
  }

  private func describeFound() -> String {
    guard index < buffer.count else { return "end of input" }
    let b = buffer[index]
    switch b {
    case 0x20...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
    case 0x0A: return "a line break"
    case 0x09: return "a tab"
    default:
      let hex = String(b, radix: 16, uppercase: true)
      return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
  }

  private func failure(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
    var line = 1
    var column = 1
    var i = 0
    while i < offset && i < buffer.count {
      let b = buffer[i]
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
