/// An absolute `http(s)` URL taken apart without re-encoding anything: scheme, host, port,
/// path (still percent-encoded) and the raw query.
public struct URLParts: Sendable, Hashable {
  public var scheme: String
  public var host: String
  public var port: Int?
  /// The path as written, starting with `/` (just `/` when the URL has none).
  public var path: String
  /// The query string without `?`, or `nil` when there is none.
  public var query: String?

  public init(
    scheme: String, host: String, port: Int? = nil, path: String = "/", query: String? = nil
  ) {
    self.scheme = scheme
    self.host = host
    self.port = port
    self.path = path
    self.query = query
  }

  /// Splits `url`; `nil` when it is not an absolute `scheme://host...` URL.
  public init?(_ url: String) {
    guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return nil }
    let scheme = url[..<colon].lowercased()
    guard !scheme.isEmpty,
      scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" })
    else { return nil }
    var rest = url[url.index(colon, offsetBy: 3)...]
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    var authority = rest[..<authorityEnd]
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    var host = authority
    var port: Int?
    if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
      host = authority[..<colon]
      guard let p = Int(authority[authority.index(after: colon)...]), (0...65535).contains(p)
      else { return nil }
      port = p
    }
    guard !host.isEmpty else { return nil }
    let afterAuthority = rest[authorityEnd...]
    var path = afterAuthority
    var query: String?
    if let q = afterAuthority.firstIndex(of: "?") {
      path = afterAuthority[..<q]
      query = String(afterAuthority[afterAuthority.index(after: q)...])
    }
    self.init(
      scheme: scheme, host: host.lowercased(), port: port, path: path.isEmpty ? "/" : String(path),
      query: query)
  }

  /// The parsed query parameters (empty when there is no query).
  public var queryItems: QueryItems { QueryItems(parsing: query ?? "") }

  /// The path split into decoded components, without empty ones: `/v2.0/me/friends` →
  /// `["v2.0", "me", "friends"]`.
  public var pathComponents: [String] {
    path.split(separator: "/").map { PercentEncoding.decode($0, plusAsSpace: false) }
  }

  /// `scheme://host[:port]`.
  public var origin: String {
    "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
  }

  /// The URL put back together.
  public var text: String {
    origin + path + (query.map { "?\($0)" } ?? "")
  }
}
