/// A dialog's `redirect_uri` split as a browser splits it (the WHATWG URL Standard, "basic URL
/// parser"): for the special schemes a backslash ends the authority like a slash, any run of
/// slashes and backslashes after `scheme:` is skipped, the authority ends at the first `/`, `\`,
/// `?` or `#`, and userinfo runs to its last `@`. So `http://evil.example\@localhost/` has host
/// `evil.example`, as Chromium and Firefox read it, not `localhost`.
///
/// Only URIs a browser would keep byte for byte are accepted (`canonical`): no userinfo, no
/// fragment (RFC 6749 3.1.2), no control character, space, backslash or non-ASCII byte, a
/// lower-case scheme and host, `//` after the scheme and no default port. What a browser would
/// rewrite is refused rather than rewritten, so the URI the app registered, the URI the dialog
/// checked and the URI the browser follows are one string.
struct RedirectURI: Equatable {
  var scheme: String
  var userinfo: String?
  var host: String
  var port: String?
  /// The path, query and fragment as written (from the first `/`, `?` or `#`).
  var rest: String
  var fragment: String?
  /// Whether a browser would serialize the URI exactly as written.
  var canonical: Bool

  static let special: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]
  static let defaultPorts = ["http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"]

  init?(_ text: String) {
    let bytes = Array(text.utf8)
    // Any byte a browser strips, encodes or rewrites makes the URI non-canonical.
    var canonical = !bytes.contains {
      $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"")
        || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "`")
    }
    // A browser drops leading and trailing C0 controls and spaces, and tabs and newlines
    // anywhere, before it parses.
    let kept = Self.stripped(bytes)
    guard let colon = kept.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      Self.isScheme(kept[..<colon])
    else { return nil }
    let writtenScheme = String(decoding: kept[..<colon], as: UTF8.self)
    scheme = writtenScheme.lowercased()
    if scheme != writtenScheme { canonical = false }
    let isSpecial = Self.special.contains(scheme)
    var index = colon + 1
    func isSlash(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "/") || (isSpecial && byte == UInt8(ascii: "\\"))
    }
    var slashes = 0
    while index < kept.count, isSlash(kept[index]) {
      slashes += 1
      index += 1
    }
    // Special schemes always have an authority, whatever the slashes; others only after `//`.
    if isSpecial ? slashes != 2 : slashes < 2 { canonical = false }
    var end = index
    if isSpecial || slashes >= 2 {
      while end < kept.count, !isSlash(kept[end]),
        kept[end] != UInt8(ascii: "?"), kept[end] != UInt8(ascii: "#")
      {
        end += 1
      }
    }
    var authority = kept[index..<end]
    if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
      userinfo = String(decoding: authority[..<at], as: UTF8.self)
      authority = authority[(at + 1)...]
      canonical = false
    }
    // The port follows the last `:` outside an IPv6 literal's brackets.
    let close = authority.lastIndex(of: UInt8(ascii: "]")) ?? authority.startIndex
    if let portColon = authority[close...].lastIndex(of: UInt8(ascii: ":")) {
      let written = String(decoding: authority[(portColon + 1)...], as: UTF8.self)
      // The standard's "port state": ASCII digits only, at most 65535 (leading zeros aside);
      // anything else (`:99999`, `:-1`) fails the parse: no URL a browser would follow.
      let digits = written.utf8.drop { $0 == UInt8(ascii: "0") }
      guard written.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        digits.count <= 5, Int(String(decoding: digits, as: UTF8.self)) ?? 0 <= 65_535
      else { return nil }
      port = written
      authority = authority[..<portColon]
      if written.isEmpty || !written.allSatisfy(\.isASCII) || Int(written) == nil
        || written.first == "0" || Self.defaultPorts[scheme] == written
      {
        canonical = false
      }
    }
    host = String(decoding: authority, as: UTF8.self)
    if host != host.lowercased() || host.contains("%") { canonical = false }
    if isSpecial && host.isEmpty && scheme != "file" { return nil }
    rest = String(decoding: kept[end...], as: UTF8.self)
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      canonical = false
    }
    if bytes.count != kept.count { canonical = false }
    self.canonical = canonical
  }

  /// The path (without query), `/` when a special URI has none.
  var path: String {
    let path = String(rest.prefix { $0 != "?" && $0 != "#" })
    return path.isEmpty && Self.special.contains(scheme) ? "/" : path
  }

  private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20)
    else { return false }
    return bytes.allSatisfy {
      let lower = $0 | 0x20
      return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
    }
  }

  private static func stripped(_ bytes: [UInt8]) -> [UInt8] {
    var slice = bytes[...]
    while let first = slice.first, first <= 0x20 { slice.removeFirst() }
    while let last = slice.last, last <= 0x20 { slice.removeLast() }
    return slice.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
  }
}
