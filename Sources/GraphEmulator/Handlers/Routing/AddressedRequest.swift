import GraphAPI

/// A request as its client addressed it, whatever hop brought it to the emulator:
///
/// - `X-Forwarded-Proto` and `X-Forwarded-Host` (both, a scheme of http or https and a plain
///   `host[:port]`), which `graph-explorer proxy --record --upstream` sends to its upstream,
///   give the URL's scheme and host, so a `serve` upstream answers as the Facebook host the app
///   asked (paging links, picture redirects, dialog origins, `login_url`s name that host, not
///   the upstream's loopback address). **[choice]** (the de facto reverse-proxy headers; no
///   source says what Graph does with them). Anything else in them is ignored.
/// - A CDN-style picture or photo URL the emulator wrote (`PictureCDN`) is asked as the
///   emulator's own byte path on Graph's host: a profile picture's PNG, an uploaded photo's
///   bytes.
enum AddressedRequest {
  static let forwardedHost = "X-Forwarded-Host"
  static let forwardedProto = "X-Forwarded-Proto"

  static func resolve(_ request: HTTPRequest) -> HTTPRequest {
    readdressed(request) ?? request
  }

  /// `resolve(request)` when that differs from `request`, else `nil`: the common request, with
  /// no forwarding headers and no CDN URL, is asked about without being copied (issue 48).
  static func readdressed(_ request: HTTPRequest) -> HTTPRequest? {
    let forwarded = request.headers.contains {
      HTTPHeaders.sameName($0.name, forwardedHost) || HTTPHeaders.sameName($0.name, forwardedProto)
    }
    guard forwarded || mentionsCDN(request.url) else { return nil }
    var request = request
    if let host = request.headers[forwardedHost], let scheme = request.headers[forwardedProto] {
      request.headers[forwardedHost] = nil
      request.headers[forwardedProto] = nil
      if scheme == "http" || scheme == "https", isAuthority(host), let parts = URLParts(request.url)
      {
        request.url = "\(scheme)://\(host)\(parts.path)" + (parts.query.map { "?" + $0 } ?? "")
      }
    }
    if mentionsCDN(request.url), let path = PictureCDN.emulatorPath(for: request.url) {
      request.url = "https://graph.facebook.com" + path
    }
    return request
  }

  /// The bytes every CDN URL `PictureCDN` writes hold.
  static let cdnMark = Array(".akamaihd.net/".utf8)

  /// Whether `url` holds `.akamaihd.net/`, compared as bytes (`ByteSearch`): Foundation's
  /// `contains` (an `NSString` search) had been a tenth of a distinct read's CPU (issue 48).
  /// `PictureCDN` decides whether such a URL is one of its own.
  static func mentionsCDN(_ url: String) -> Bool {
    ByteSearch.contains(cdnMark, in: url)
  }

  /// `host[:port]` of letters, digits, `.` and `-` (at most 255 characters).
  static func isAuthority(_ text: String) -> Bool {
    guard !text.isEmpty, text.utf8.count <= 255 else { return false }
    let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
    guard pieces.count <= 2, let name = pieces.first, !name.isEmpty,
      name.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || isAlnum($0) })
    else { return false }
    if pieces.count == 2 {
      guard let port = Int(pieces[1]), (1...65535).contains(port) else { return false }
    }
    return true
  }

  private static func isAlnum(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
