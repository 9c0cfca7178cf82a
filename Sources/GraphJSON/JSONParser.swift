/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Iterative (an explicit stack, no recursion), so nesting is bounded only by `maxDepth`,
/// which exists because deep values are expensive to walk and free later, not to protect
/// the parser itself. Rejects everything RFC 8259 rejects: trailing commas, comments,
/// leading zeros, unescaped control characters and bytes that are not UTF-8. Lone surrogate
/// escapes (`"\ud800"`), which RFC 8259 leaves undefined, become U+FFFD.
///
/// - Complexity: O(n) in the length of the input.
public struct JSONParser: Sendable {
  /// The deepest nesting accepted; deeper input fails with `.tooDeep`. At most `depthCeiling`.
  public var maxDepth: Int {
    didSet { maxDepth = min(max(maxDepth, 1), Self.depthCeiling) }
  }

  /// The largest `maxDepth` allowed. Printing, comparing and hashing values are iterative and
  /// work at any depth, but freeing a nested value recurses in the Swift runtime; 1024 levels
  /// free safely even on a 512 KiB thread stack.
  public static let depthCeiling = 1024

  /// A parser accepting up to `maxDepth` levels of nesting (clamped to 1...`depthCeiling`).
  public init(maxDepth: Int = 512) { self.maxDepth = min(max(maxDepth, 1), Self.depthCeiling) }

  /// Parses a complete JSON text.
  public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in try parse(buffer) }
  }

  /// Parses a complete JSON text in a buffer of UTF-8 bytes (a memory-mapped file, say).
  public func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
    guard let base = buffer.baseAddress, !buffer.isEmpty else {
      throw JSONParseError(
        reason: .unexpected(expected: "a value", found: "end of input"), line: 1, column: 1,
        offset: 0)
    }
    var scanner = JSONScanner(base: base, count: buffer.count, maxDepth: maxDepth)
    defer { scanner.scratch.deallocate() }
    return try scanner.parseDocument()
  }

  /// Parses a complete JSON text held in a string.
  public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    var text = text
    let result = text.withUTF8 { buffer in
      Result { () throws(JSONParseError) -> JSONValue in try parse(buffer) }
    }
    return try result.get()
  }

  /// Parses with the default options.
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    try JSONParser().parse(bytes)
  }

  /// Parses a string with the default options.
  public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try JSONParser().parse(text)
  }
}
