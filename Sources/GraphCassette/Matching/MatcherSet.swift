/// Which parts of a request must agree for a recorded interaction to answer it.
///
/// The default, `[.method, .path, .query, .body]`, is the common ground of VCR-style tools:
/// the host is left out so a cassette recorded from graph.facebook.com answers the same calls
/// sent to a local `serve`, and secrets are never compared.
public struct MatcherSet: OptionSet, Sendable, Hashable, CustomStringConvertible {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The HTTP method (case-insensitive; a `method=` override parameter counts as the method).
  public static let method = MatcherSet(rawValue: 1 << 0)
  /// The scheme, host and port.
  public static let host = MatcherSet(rawValue: 1 << 1)
  /// The path, percent-decoded.
  public static let path = MatcherSet(rawValue: 1 << 2)
  /// The query parameters, in any order, without secret parameters.
  public static let query = MatcherSet(rawValue: 1 << 3)
  /// The body: form fields in any order, JSON as JSON, multipart parts by name and content
  /// (boundaries ignored), without secrets; other bodies byte for byte.
  public static let body = MatcherSet(rawValue: 1 << 4)

  /// The parts compared by meaning (`--match semantic`, `RequestKey.meaning()`): the path
  /// without its version prefix, query and body parameters merged whatever the encoding, the
  /// SDKs' bookkeeping parameters (`RequestKey.bookkeeping`) left out.
  public static let semantic = MatcherSet(rawValue: 1 << 5)

  /// Method, path, query and body.
  public static let `default`: MatcherSet = [.method, .path, .query, .body]

  static let named: [(String, MatcherSet)] = [
    ("method", .method), ("host", .host), ("path", .path), ("query", .query), ("body", .body),
    ("semantic", .semantic),
  ]

  /// The names `--match` takes, for help and errors.
  public static var names: String { named.map(\.0).joined(separator: ",") }

  /// Parses a comma-separated list such as `method,path,query`; `nil` on an unknown name.
  /// `semantic` alone is the default parts compared by meaning.
  public init?(parsing text: String) {
    var set: MatcherSet = []
    for name in text.split(separator: ",") {
      guard let found = Self.named.first(where: { $0.0 == name.lowercased() }) else {
        return nil
      }
      set.insert(found.1)
    }
    guard !set.isEmpty else { return nil }
    if set == .semantic { set.formUnion(.default) }
    self = set
  }

  /// `method,path,query,body`.
  public var description: String {
    Self.named.filter { contains($0.1) }.map(\.0).joined(separator: ",")
  }
}
