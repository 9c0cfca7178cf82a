/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Iterative (an explicit stack, no recursion), so nesting is bounded only by `maxDepth`,
/// which exists because deep values are expensive to walk and free later, not to protect
/// the parser itself. Rejects everything RFC 8259 rejects: trailing commas, comments,
/// leading zeros, unescaped control characters, lone surrogates are replaced by U+FFFD.
///
/// - Complexity: O(n) in the length of the input.
public struct JSONParser: Sendable {
  /// The deepest nesting accepted; deeper input fails with `.tooDeep`.
  public var maxDepth: Int

  public init(maxDepth: Int = 512) { self.maxDepth = maxDepth }

  /// Parses a complete JSON text.
  public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer: buffer, maxDepth: maxDepth)
      do throws(JSONParseError) {
        return .success(try scanner.parseDocument())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Parses a complete JSON text held in a string.
  public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  /// Parses with the default options.
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    try JSONParser().parse(bytes)
  }

  /// Parses a string with the default options.
  public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try JSONParser().parse(Array(text.utf8))
  }
}
