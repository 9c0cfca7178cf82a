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
    var bytes = url
    switch bytes.withUTF8({ Self.asciiParts($0) }) {
    case .some(.some(let parts)):
      self = parts
      return
    case .some(.none):
      return nil
    case .none:
      break
    }
    self.init(characters: url)
  }

  /// `init?(_:)` on the bytes of an ASCII URL (what clients send): the same result as the
  /// character-by-character reading below, without its cost. `.none` when `bytes` is not ASCII.
  private static func asciiParts(_ bytes: UnsafeBufferPointer<UInt8>) -> URLParts?? {
    guard bytes.allSatisfy({ $0 < 128 }) else { return .none }
    func text(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    func lowered(_ range: Range<Int>) -> String {
      String(unsafeUninitializedCapacity: range.count) { out in
        for (n, byte) in bytes[range].enumerated() { out[n] = byte &- 65 < 26 ? byte | 0x20 : byte }
        return range.count
      }
    }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
      bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/"), colon > 0,
      bytes[..<colon].allSatisfy({
        $0 &- 97 < 26 || $0 &- 65 < 26 || $0 &- 48 < 10 || $0 == UInt8(ascii: "+")
          || $0 == UInt8(ascii: "-")
      })
    else { return .some(nil) }
    let restStart = colon + 3
    var end = bytes.count
    if let hash = bytes[restStart...].firstIndex(of: UInt8(ascii: "#")) { end = hash }
    let authorityEnd =
      bytes[restStart..<end].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
      ?? end
    var authorityStart = restStart
    if let at = bytes[restStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) {
      authorityStart = at + 1
    }
    var hostEnd = authorityEnd
    var port: Int?
    if let portColon = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: ":")),
      bytes[authorityEnd - 1] != UInt8(ascii: "]")
    {
      hostEnd = portColon
      guard let p = Int(text(portColon + 1..<authorityEnd)), (0...65535).contains(p) else {
        return .some(nil)
      }
      port = p
    }
    guard hostEnd > authorityStart else { return .some(nil) }
    var pathEnd = end
    var query: String?
    if let q = bytes[authorityEnd..<end].firstIndex(of: UInt8(ascii: "?")) {
      pathEnd = q
      query = text(q + 1..<end)
    }
    return .some(
      URLParts(
        scheme: lowered(0..<colon), host: lowered(authorityStart..<hostEnd), port: port,
        path: pathEnd > authorityEnd ? text(authorityEnd..<pathEnd) : "/", query: query))
  }

  /// The reading character by character, for any URL (kept for non-ASCII URLs and to check the
  /// ASCII path against).
  package init?(characters url: String) {
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
  public var pathComponents: [String] { Self.pathComponents(of: path[...]) }

  /// `pathComponents` of a path as written (percent-encoded, starting with `/`). Not generic,
  /// so that a caller in another module runs the code specialised here.
  package static func pathComponents(of path: Substring) -> [String] {
    var components: [String] = []
    let ascii = PercentEncoding.decodedComponents(
      ofASCII: path, separator: 0x2F, plusAsSpace: false
    ) {
      components.append(PercentEncoding.decode(ascii: $0, plusAsSpace: false))
    }
    if ascii { return components }
    return path.split(separator: "/").map { PercentEncoding.decode($0, plusAsSpace: false) }
  }

  /// `queryItems` of a query as written (without `?`), specialised here for a caller in
  /// another module.
  package static func queryItems(of query: Substring) -> QueryItems {
    QueryItems(parsing: query)
  }

  /// `scheme://host[:port]`.
  public var origin: String {
    // Appended piece by piece (interpolation had been 2% of an emulator read, issue 48).
    var text = scheme
    text.reserveCapacity(scheme.utf8.count + 3 + host.utf8.count + (port == nil ? 0 : 6))
    text += "://"
    text += host
    if let port {
      text += ":"
      text += String(port)
    }
    return text
  }

  /// The URL put back together.
  public var text: String {
    origin + path + (query.map { "?\($0)" } ?? "")
  }
}
