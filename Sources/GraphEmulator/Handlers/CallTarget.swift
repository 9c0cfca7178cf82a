import GraphAPI

/// A request's URL read in one pass over its bytes (issue 48): the origin, the decoded path
/// components and the query's parameters, as `URLParts` gives them (`origin`,
/// `pathComponents`, `queryItems`), without its strings for the scheme, host, path and query
/// and without writing the origin again. Only a URL whose origin is written as `URLParts`
/// prints it is read here (ASCII, `scheme://host[:port]` in lower case, no user, no `#`, no
/// IPv6 literal, a port of digits with no leading zero): that origin is the URL's own bytes.
/// Any other URL gives `nil`, and `GraphCall` reads it with `URLParts` as before.
struct CallTarget {
  var origin: String
  var pathComponents: [String]
  var queryItems: QueryItems

  init(origin: String, pathComponents: [String], queryItems: QueryItems) {
    (self.origin, self.pathComponents, self.queryItems) = (origin, pathComponents, queryItems)
  }

  /// `url` read in one pass, or `nil` when its origin is not written as `URLParts` prints it.
  init?(_ url: String) {
    var text = url
    guard let (authorityEnd, queryStart) = text.withUTF8({ Self.bounds(of: $0) }) else {
      return nil
    }
    let utf8 = url.utf8
    let pathStart = utf8.index(utf8.startIndex, offsetBy: authorityEnd)
    let pathEnd = utf8.index(utf8.startIndex, offsetBy: queryStart)
    origin = String(url[..<pathStart])
    pathComponents = URLParts.pathComponents(of: url[pathStart..<pathEnd])
    queryItems =
      queryStart < utf8.count
      ? URLParts.queryItems(of: url[utf8.index(after: pathEnd)...]) : QueryItems()
  }

  /// Where the authority ends and where the query's `?` is (the URL's length when it has
  /// none), or `nil` when the URL is not one this reading is sure of.
  private static func bounds(of bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
    var n = 0
    while n < bytes.count, bytes[n] &- 97 < 26 || bytes[n] &- 48 < 10 { n += 1 }
    guard n > 0, n + 2 < bytes.count, bytes[n] == UInt8(ascii: ":"),
      bytes[n + 1] == UInt8(ascii: "/"), bytes[n + 2] == UInt8(ascii: "/")
    else { return nil }
    let hostStart = n + 3
    var colon: Int?
    n = hostStart
    while n < bytes.count, bytes[n] != UInt8(ascii: "/"), bytes[n] != UInt8(ascii: "?") {
      let byte = bytes[n]
      if byte == UInt8(ascii: ":") {
        guard colon == nil else { return nil }
        colon = n
      } else if !(byte &- 97 < 26 || byte &- 48 < 10 || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "-"))
      {
        return nil
      }
      n += 1
    }
    let authorityEnd = n
    guard (colon ?? authorityEnd) > hostStart else { return nil }
    if let colon {
      let port = bytes[(colon + 1)..<authorityEnd]
      guard (1...5).contains(port.count), port.allSatisfy({ $0 &- 48 < 10 }),
        port.first != UInt8(ascii: "0"),
        port.reduce(0, { $0 * 10 + Int($1 &- 48) }) <= 65535
      else { return nil }
    }
    var queryStart = bytes.count
    while n < bytes.count {
      let byte = bytes[n]
      guard byte < 0x80, byte != UInt8(ascii: "#") else { return nil }
      if byte == UInt8(ascii: "?"), queryStart == bytes.count { queryStart = n }
      n += 1
    }
    return (authorityEnd, queryStart)
  }
}
