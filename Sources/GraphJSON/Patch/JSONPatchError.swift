/// Why a JSON Pointer, a JSON Patch or a diff path pattern was rejected, and where.
///
/// Patch errors name the failing operation by its 0-based index in the patch, its `op` and the
/// pointer it was applied to, so `operation 3 (remove /data/7): no index 7 in the array at
/// /data (it has 5 elements)` says what and where.
public enum JSONPatchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A JSON Pointer (RFC 6901) that does not parse: `text` and why.
  case invalidPointer(String, reason: String)
  /// A patch document that is not an array of operation objects.
  case invalidPatch(reason: String)
  /// An operation object that is malformed (missing `path`, unknown `op`, ...).
  case invalidOperation(index: Int, reason: String)
  /// A well-formed operation that cannot be applied to the document.
  case operationFailed(index: Int, op: String, path: String, reason: String)
  /// A `test` operation whose value differs from the document's.
  case testFailed(index: Int, path: String, expected: String, found: String)
  /// A diff path pattern (`data[*].updated_time`) that does not parse.
  case invalidPattern(String, reason: String)

  public var description: String {
    switch self {
    case .invalidPointer(let text, let reason):
      return "invalid JSON Pointer \(quoted(text)): \(reason)"
    case .invalidPatch(let reason):
      return "invalid JSON Patch: \(reason)"
    case .invalidOperation(let index, let reason):
      return "operation \(index): \(reason)"
    case .operationFailed(let index, let op, let path, let reason):
      return "operation \(index) (\(op) \(path.isEmpty ? "\"\"" : path)): \(reason)"
    case .testFailed(let index, let path, let expected, let found):
      return
        "operation \(index) (test \(path.isEmpty ? "\"\"" : path)): expected \(expected), found \(found)"
    case .invalidPattern(let text, let reason):
      return "invalid path pattern \(quoted(text)): \(reason)"
    }
  }

  private func quoted(_ text: String) -> String { JSONValue.string(text).compactText }
}
