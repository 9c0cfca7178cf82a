/// What went wrong while building, decoding or reading Graph requests and answers.
/// Each case carries what is needed to say what and where in one line.
public enum GraphAPIError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text is neither an absolute `http(s)` URL nor a path starting with `/`.
  case invalidURL(String)
  /// An HTTP method Graph does not serve (only GET, POST and DELETE are).
  case unsupportedMethod(String)
  /// A `multipart/form-data` Content-Type without a `boundary` parameter.
  case missingBoundary(contentType: String)
  /// A multipart body that does not follow RFC 7578; `offset` is the byte where it went wrong.
  case malformedMultipart(reason: String, offset: Int)
  /// A batch with more operations than Graph accepts.
  case tooManyBatchOperations(count: Int, limit: Int)
  /// A batch answer (or a batch `batch` field) that is not what Graph sends; `reason` says why.
  case malformedBatch(reason: String)

  public var description: String {
    switch self {
    case .invalidURL(let text):
      return "not a Graph URL or path: '\(text)'"
    case .unsupportedMethod(let method):
      return "unsupported HTTP method '\(method)' (Graph serves GET, POST and DELETE)"
    case .missingBoundary(let contentType):
      return "multipart Content-Type has no boundary: '\(contentType)'"
    case .malformedMultipart(let reason, let offset):
      return "malformed multipart body at byte \(offset): \(reason)"
    case .tooManyBatchOperations(let count, let limit):
      return "a batch holds at most \(limit) operations, this one has \(count)"
    case .malformedBatch(let reason):
      return "malformed batch: \(reason)"
    }
  }

  /// `an object`, `a number`: a JSON kind name with its article, for messages.
  static func withArticle(_ kind: String) -> String {
    (kind.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + kind
  }
}
