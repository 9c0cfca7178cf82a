import Foundation
import GraphAPI
import Testing

@testable import GraphEmulator

/// Issue 48: an edge page's paging links are written from one head (the URL up to `limit=N`)
/// with each link's own parameters added, and the request is checked for a CDN address as
/// bytes. Both must give what the slower ways gave.
@Suite struct PagingURLTests {
  static func call(_ url: String) -> GraphCall {
    GraphCall(
      request: HTTPRequest(method: "GET", url: url),
      defaultVersion: GraphVersion(major: 2, minor: 0)
    )
  }

  @Test func aHeadAndItsLinksParametersAreTheWholeURL() {
    let builder = PagingURL(call: Self.call("http://127.0.0.1:9/v2.2/me/friends?access_token=T"))
    let kept = QueryItems(
      [
        ("fields", "name,id"), ("access_token", "T"), ("x y", "a&b é"), ("fields", "id"),
        ("limit", "3"),
      ].map { QueryItems.Item(name: $0.0, value: $0.1) })
    var head = builder.head(path: "100", subpath: "friends", kept: kept, limit: 3)
    PagingURL.appending("offset", "6", to: &head)
    let expected =
      "http://127.0.0.1:9/v2.2/100/friends?access_token=T&fields=name,id&x%20y=a%26b%20%C3%A9"
      + "&limit=3&offset=6"
    #expect(String(decoding: head, as: UTF8.self) == expected)
    #expect(
      builder.url(path: "100/friends", kept: kept, limit: 3, extra: ["offset": "6"]) == expected)
  }

  @Test func aLongParameterListIsStillWrittenOnceByName() {
    let builder = PagingURL(call: Self.call("https://graph.facebook.com/me/friends"))
    // Past the short list the names are kept in a set: the same result either way.
    var kept = QueryItems()
    for n in 0..<40 { kept.append("p\(n % 20)", "\(n)") }
    let url = String(
      decoding: builder.head(path: "1/friends", kept: kept, limit: 2), as: UTF8.self)
    let expected = (0..<20).map { "p\($0)=\($0)" }.joined(separator: "&")
    #expect(url == "https://graph.facebook.com/1/friends?\(expected)&limit=2")
  }

  @Test func aCDNAddressIsFoundAsFoundationFindsIt() {
    let mark = ".akamaihd.net/"
    for url in [
      "https://fbcdn-profile-a.akamaihd.net/hprofile-ak-xpa1/p50x50/1_n.jpg",
      "https://graph.facebook.com/v2.0/me?fields=id", ".akamaihd.net/", ".akamaihd.net",
      "https://x.akamaihd.ne/", "https://x.é.akamaihd.net/1", "https://a..akamaihd.net/",
      "", "https://graph.facebook.com/me?next=.akamaihd.net",
    ] {
      #expect(AddressedRequest.mentionsCDN(url) == url.contains(mark), "\(url)")
    }
  }
}
