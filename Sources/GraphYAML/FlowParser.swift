import GraphJSON

/// Parses a YAML flow collection held on one logical line (UTF-8 bytes): `[a, 'b c', "d"]`, `{k: v}`, nested.
struct FlowParser {
  enum Incomplete: Error {
    case incomplete
    case malformed
    /// More nested collections than `maxDepth`.
    case tooDeep
  }

  var bytes: [UInt8]
  var i = 0
  /// How many collections may nest (what the enclosing block structure leaves).
  var maxDepth: Int
  var depth = 0

  mutating func parse() throws(Incomplete) -> JSONValue {
    let value = try node()
    skipSpaces()
    guard i == bytes.count || bytes[i] == UInt8(ascii: "#") else { throw .malformed }
    return value
  }

  private mutating func skipSpaces() {
    while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
  }

  private mutating func node() throws(Incomplete) -> JSONValue {
    skipSpaces()
    guard i < bytes.count else { throw .incomplete }
    if bytes[i] == UInt8(ascii: "!") { return try tagged() }
    if bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "{") {
      depth += 1
      guard depth <= maxDepth else { throw .tooDeep }
    }
    switch bytes[i] {
    case UInt8(ascii: "["):
      i += 1
      var items: [JSONValue] = []
      while true {
        skipSpaces()
        guard i < bytes.count else { throw .incomplete }
        if bytes[i] == UInt8(ascii: "]") {
          i += 1
          depth -= 1
          return .array(items)
        }
        items.append(try node())
        skipSpaces()
        guard i < bytes.count else { throw .incomplete }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
        } else if bytes[i] != UInt8(ascii: "]") {
          throw .malformed
        }
      }
    case UInt8(ascii: "{"):
      i += 1
      var object = JSONObject()
      while true {
        skipSpaces()
        guard i < bytes.count else { throw .incomplete }
        if bytes[i] == UInt8(ascii: "}") {
          i += 1
          depth -= 1
          return .object(object)
        }
        guard case .string(let key) = try scalar(stopAtColon: true) else { throw .malformed }
        skipSpaces()
        guard i < bytes.count else { throw .incomplete }
        guard bytes[i] == UInt8(ascii: ":") else { throw .malformed }
        i += 1
        object.append(key, try node())
        skipSpaces()
        guard i < bytes.count else { throw .incomplete }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
        } else if bytes[i] != UInt8(ascii: "}") {
          throw .malformed
        }
      }
    default:
      return try scalar(stopAtColon: false)
    }
  }

  /// A tagged node, as vcrpy under Python 2 wrote bodies (`{string: !!python/unicode '...'}`):
  /// `!binary`/`!!binary` marks base64 (`{"!binary": text}`, as in block context); a string
  /// tag (`!!python/unicode`, `!!python/str`, `!!str`) makes the value text, an empty one `""`;
  /// other tags are ignored, as in block context.
  private mutating func tagged() throws(Incomplete) -> JSONValue {
    let first = i
    while i < bytes.count, ![0x20, 0x2C, 0x5D, 0x7D].contains(bytes[i]) { i += 1 }
    let tag = String(decoding: bytes[first..<i], as: UTF8.self)
    skipSpaces()
    let empty = i == bytes.count || [0x2C, 0x5D, 0x7D].contains(bytes[i])
    let text = ["!!python/unicode", "!!python/str", "!!str", "!str"].contains(tag)
    if empty { return text ? .string("") : .null }
    // A plain scalar under a string tag is its text as written (`!!str 12` is "12").
    if text, ![0x22, 0x27, 0x5B, 0x7B].contains(bytes[i]) { return try scalar(stopAtColon: true) }
    let value = try node()
    if tag == "!binary" || tag == "!!binary" { return [YAMLReader.binaryTag: value] }
    return value
  }

  private mutating func scalar(stopAtColon: Bool) throws(Incomplete) -> JSONValue {
    skipSpaces()
    guard i < bytes.count else { throw .incomplete }
    let quote = bytes[i]
    if quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") {
      i += 1
      var out: [UInt8] = []
      while true {
        guard i < bytes.count else { throw .incomplete }
        let ch = bytes[i]
        if ch == quote {
          if quote == UInt8(ascii: "'"), i + 1 < bytes.count, bytes[i + 1] == quote {
            out.append(quote)
            i += 2
            continue
          }
          i += 1
          return .string(String(decoding: out, as: UTF8.self))
        }
        if quote == UInt8(ascii: "\""), ch == UInt8(ascii: "\\"), i + 1 < bytes.count {
          let next = bytes[i + 1]
          switch next {
          case UInt8(ascii: "n"): out.append(0x0A)
          case UInt8(ascii: "t"): out.append(0x09)
          default: out.append(next)
          }
          i += 2
          continue
        }
        out.append(ch)
        i += 1
      }
    }
    let first = i
    while i < bytes.count {
      let ch = bytes[i]
      if ch == UInt8(ascii: ",") || ch == UInt8(ascii: "]") || ch == UInt8(ascii: "}") { break }
      if stopAtColon, ch == UInt8(ascii: ":"),
        i + 1 >= bytes.count || bytes[i + 1] == UInt8(ascii: " ")
      {
        break
      }
      i += 1
    }
    var lo = first
    var hi = i
    while lo < hi, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
    while hi > lo, bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09 { hi -= 1 }
    if stopAtColon { return .string(String(decoding: bytes[lo..<hi], as: UTF8.self)) }
    return YAMLReader.typed(bytes[lo..<hi])
  }
}
