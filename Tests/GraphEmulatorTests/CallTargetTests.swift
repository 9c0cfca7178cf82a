import GraphAPI
import Testing

@testable import GraphEmulator

/// `CallTarget` reads a URL as `URLParts` does, or leaves it to `URLParts`.
@Suite struct CallTargetTests {
  /// What `URLParts` gives for `url`, as `CallTarget` holds it.
  static func parts(_ url: String) -> (String, [String], QueryItems)? {
    URLParts(url).map { ($0.origin, $0.pathComponents, $0.queryItems) }
  }

  static func expectSame(_ url: String) {
    guard let target = CallTarget(url) else { return }
    guard let parts = parts(url) else {
      Issue.record("CallTarget read \(url) that URLParts does not")
      return
    }
    #expect(target.origin == parts.0, "\(url)")
    #expect(target.pathComponents == parts.1, "\(url)")
    #expect(target.queryItems == parts.2, "\(url)")
  }

  @Test func readsWhatClientsSendAsURLPartsDoes() {
    let urls = [
      "http://127.0.0.1:20001/v2.0/me/friends?limit=3&offset=2&access_token=CAAEmuAlice",
      "https://graph.facebook.com/me", "https://graph.facebook.com", "http://h?",
      "http://h??a=1", "http://h/?a", "http://h:8080//v2.0//me/?a=%20b+c&&d=&=e&f",
      "https://graph.facebook.com/v2.0/me?fields=id,name{first_name}&x=%E2%9C%93",
      "http://a-b.c:65535/p%2Fq/%7E?q=1?2", "https://graph.facebook.com/me?limit=5&limit=6",
    ]
    for url in urls {
      #expect(CallTarget(url) != nil, "\(url)")
      Self.expectSame(url)
    }
  }

  @Test func leavesOtherURLsToURLParts() {
    let urls = [
      "/v2.0/me", "me", "HTTPS://graph.facebook.com/me", "https://Graph.facebook.com/me",
      "https://user@graph.facebook.com/me", "https://graph.facebook.com/me#frag",
      "http://h:080/me", "http://h:/me", "http://h:99999/me", "http://h:8a/me",
      "http://[::1]:80/me", "http://h:1:2/me", "http://:80/me", "http:///me",
      "https://graph.facebook.com/caf\u{E9}", "https://gr_aph.facebook.com/me",
      "s+x://h/me", "",
    ]
    for url in urls { #expect(CallTarget(url) == nil, "\(url)") }
  }

  /// Every URL of up to three pieces after `http://` (and of up to two with no scheme) from
  /// the bytes clients and tests send: each is read as `URLParts` reads it, or left to it.
  @Test func builtURLsAgreeWithURLParts() {
    let pieces = [
      "https://", "h", "H", "127.0.0.1", ":", "80", "0", "/", "?", "&", "=", "%20", "%2f", "+",
      "#", "@", "me", "v2.0", "[", "]", "\u{E9}", "..", "-", "_",
    ]
    var urls = [""]
    for _ in 0..<3 { urls += urls.flatMap { url in pieces.map { url + $0 } } }
    var read = 0
    for url in Set(urls) {
      for whole in ["http://" + url, url] {
        if CallTarget(whole) != nil { read += 1 }
        Self.expectSame(whole)
      }
    }
    #expect(read > 1000)
  }
}
