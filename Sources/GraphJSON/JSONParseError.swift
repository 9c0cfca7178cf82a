/// Why a text is not valid JSON, and where: 1-based line and column (columns count Unicode
/// scalars), what the parser expected and what it found instead.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// A token other than the expected one, e.g. expected `',' or '}' after an object member`.
    case unexpected(expected: String, found: String)
    /// Nesting deeper than the parser's limit.
    case tooDeep(limit: Int)
    /// A string holding bytes that are not UTF-8.
    case invalidUTF8
    /// The memory for the parsed document (`bytes` of it) could not be allocated.
    case outOfMemory(bytes: Int)
  }

  public var reason: Reason
  /// 1-based line of the offending byte.
  public var line: Int
  /// 1-based column of the offending byte, in Unicode scalars.
  public var column: Int
  /// 0-based byte offset of the offending byte.
  public var offset: Int

  public init(reason: Reason, line: Int, column: Int, offset: Int) {
    self.reason = reason
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// The message without its position.
  public var message: String {
    switch reason {
    case .unexpected(let expected, let found): return "expected \(expected), found \(found)"
    case .tooDeep(let limit): return "nesting deeper than \(limit) levels"
    case .invalidUTF8: return "invalid UTF-8 in a string"
    case .outOfMemory(let bytes): return "cannot allocate \(bytes) bytes for the parsed document"
    }
  }

  /// `line 3, column 17: expected ',' or '}' after an object member, found ']'`.
  public var description: String { "line \(line), column \(column): \(message)" }
}
