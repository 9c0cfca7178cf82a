/// The hosts the proxy answers in place of Facebook, and the domains its certificate
/// authority may vouch for: the one place these lists live.
public enum GraphHosts {
  /// Hosts answered from the emulator, a cassette or the recording: Graph, its video upload
  /// host, both on the beta tier too (Facebook's PHP SDK 5 and Koala name
  /// `graph.beta.facebook.com`), the REST API, the web and mobile dialogs (the iOS SDK 3.x
  /// opens `https://m.facebook.com/dialog/`), and the picture hosts the emulator's URLs name.
  public static let answered: Set<String> = [
    "graph.facebook.com", "graph-video.facebook.com", "graph.beta.facebook.com",
    "graph-video.beta.facebook.com", "api.facebook.com", "www.facebook.com",
    "m.facebook.com", "fbcdn-profile-a.akamaihd.net", "fbstatic-a.akamaihd.net",
    "fbcdn-sphotos-a-a.akamaihd.net", "fbcdn-photos-a-a.akamaihd.net",
  ]

  /// Domains whose every host is answered too (today's picture CDN, `scontent.xx.fbcdn.net`).
  public static let answeredDomains = ["fbcdn.net"]

  /// What the certificate authority's `nameConstraints` permits: these names and the hosts
  /// under them. The akamaihd.net picture hosts are listed one by one, not the whole domain.
  public static let permittedDomains = [
    "facebook.com", "fbcdn.net", "fbcdn-profile-a.akamaihd.net", "fbstatic-a.akamaihd.net",
    "fbcdn-sphotos-a-a.akamaihd.net", "fbcdn-photos-a-a.akamaihd.net",
  ]

  /// Whether the proxy answers `host` (a name without port, any case): one of `answered`, or
  /// a DNS name (`isDNSName`) under one of `answeredDomains`.
  public static func isAnswered(_ host: String) -> Bool {
    let host = host.lowercased()
    guard isDNSName(host) else { return false }
    if answered.contains(host) { return true }
    return answeredDomains.contains { host.hasSuffix("." + $0) }
  }

  /// `host:port` (or `[v6]:port`, or a bare host) split into the host, lowercased and without
  /// brackets, and the port (`nil` when none is given or it is not a number).
  public static func split(authority: String) -> (host: String, port: Int?) {
    var text = Substring(authority)
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return (authority.lowercased(), nil) }
      let host = text[text.index(after: text.startIndex)..<close]
      let rest = text[text.index(after: close)...]
      return (host.lowercased(), rest.hasPrefix(":") ? Int(rest.dropFirst()) : nil)
    }
    if let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon {
      let port = Int(text[text.index(after: colon)...])
      text = text[..<colon]
      return (text.lowercased(), port)
    }
    return (text.lowercased(), nil)
  }

  /// Whether `host` is a DNS host name as RFC 1123 (2.1) and RFC 1035 (2.3.1) define one:
  /// dot-separated labels of 1 to 63 letters, digits and hyphens, neither first nor last a
  /// hyphen, 253 bytes at most (no trailing dot). Only such a name gets a certificate: a comma,
  /// a colon or an `@` can never reach one.
  public static func isDNSName(_ host: String) -> Bool {
    let bytes = Array(host.utf8)
    guard !bytes.isEmpty, bytes.count <= 253 else { return false }
    for label in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
      guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"),
        label.last != UInt8(ascii: "-"),
        label.allSatisfy({ byte in
          (48...57).contains(byte) || (97...122).contains(byte) || (65...90).contains(byte)
            || byte == UInt8(ascii: "-")
        })
      else { return false }
    }
    return true
  }
}
