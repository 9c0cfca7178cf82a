/// Reformats JSON text token by token into a `JSONTokenSink`, checking it exactly as the
/// parser does (same grammar, same errors) but building no value.
struct JSONFormatEngine<Sink: JSONTokenSink> {
  var scanner: JSONScanner
  var sink: Sink
  /// Whether the text is known to be valid (validated before), so UTF-8 checks can be skipped.
  var trusted = false

  mutating func run() throws(JSONParseError) {
    // One entry per open container: whether it is an object.
    var stack: [Bool] = []
    stack.reserveCapacity(32)
    outer: while true {
      scanner.skipWhitespace()
      guard scanner.index < scanner.count else { throw scanner.error(expected: "a value") }
      switch scanner.base[scanner.index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let object = scanner.base[scanner.index] == UInt8(ascii: "{")
        if stack.count >= scanner.maxDepth {
          throw scanner.failure(.tooDeep(limit: scanner.maxDepth), at: scanner.index)
        }
        scanner.index += 1
        scanner.skipWhitespace()
        let close = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if scanner.index < scanner.count && scanner.base[scanner.index] == close {
          scanner.index += 1
          sink.emptyContainer(object: object)
        } else {
          sink.beginContainer(object: object)
          stack.append(object)
          sink.element(first: true, depth: stack.count)
          if object { try key(expected: "a string key or '}'") }
          continue outer
        }
      case UInt8(ascii: "\""):
        let scanned = try scanner.scanString()
        sink.string(try validated(scanned), plain: !scanned.escaped)
      case UInt8(ascii: "t"):
        try scanner.expectLiteral("true")
        sink.literal("true")
      case UInt8(ascii: "f"):
        try scanner.expectLiteral("false")
        sink.literal("false")
      case UInt8(ascii: "n"):
        try scanner.expectLiteral("null")
        sink.literal("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = scanner.index
        try scanner.scanNumber()
        sink.number(UnsafeBufferPointer(start: scanner.base + start, count: scanner.index - start))
      default:
        throw scanner.error(expected: "a value")
      }
      sink.valueDone()
      // A value is complete: continue its container, closing those that end here.
      while let object = stack.last {
        scanner.skipWhitespace()
        let b: UInt8 = scanner.index < scanner.count ? scanner.base[scanner.index] : 0
        if b == UInt8(ascii: ",") {
          scanner.index += 1
          sink.element(first: false, depth: stack.count)
          if object {
            scanner.skipWhitespace()
            try key(expected: "a string key")
          }
          continue outer
        }
        guard b == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
          throw scanner.error(
            expected: object
              ? "',' or '}' after an object member" : "',' or ']' after an array element")
        }
        scanner.index += 1
        stack.removeLast()
        sink.endContainer(object: object, depth: stack.count)
        sink.valueDone()
      }
      scanner.skipWhitespace()
      if scanner.index < scanner.count { throw scanner.error(expected: "end of input") }
      return
    }
  }

  /// A key, its colon and what follows up to the value.
  @inline(__always)
  private mutating func key(expected: String) throws(JSONParseError) {
    guard scanner.index < scanner.count, scanner.base[scanner.index] == UInt8(ascii: "\"") else {
      throw scanner.error(expected: expected)
    }
    let scanned = try scanner.scanString()
    let bytes = try validated(scanned)
    scanner.skipWhitespace()
    guard scanner.index < scanner.count, scanner.base[scanner.index] == UInt8(ascii: ":") else {
      throw scanner.error(expected: "':' after an object key")
    }
    scanner.index += 1
    sink.key(bytes, plain: !scanned.escaped)
  }

  /// The content of a scanned string, checked to be UTF-8.
  @inline(__always)
  private func validated(_ scanned: ScannedString) throws(JSONParseError) -> UnsafeBufferPointer<
    UInt8
  > {
    let bytes =
      scanned.escaped
      ? scanner.scratch.bytes
      : UnsafeBufferPointer(start: scanner.base + scanned.start, count: scanned.end - scanned.start)
    if !scanned.ascii && !trusted && !UTF8Validation.isValid(bytes) {
      throw scanner.invalidUTF8(in: scanned)
    }
    return bytes
  }
}
