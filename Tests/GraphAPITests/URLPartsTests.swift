import GraphAPI
import Testing

@Suite struct URLPartsTests {
  @Test func splitsAGraphURLWithoutReencoding() throws {
    let url = "https://graph.facebook.com/v2.0/me/friends?fields=name,picture{url}&limit=2"
    let parts = try #require(URLParts(url))
    #expect(parts.scheme == "https")
    #expect(parts.host == "graph.facebook.com")
    #expect(parts.port == nil)
    #expect(parts.pathComponents == ["v2.0", "me", "friends"])
    #expect(parts.queryItems["fields"] == "name,picture{url}")
    #expect(parts.text == url)
  }

  @Test func portsAndBadURLs() {
    #expect(URLParts("http://127.0.0.1:8080/me")?.port == 8080)
    #expect(URLParts("http://127.0.0.1:99999/me") == nil)
    #expect(URLParts("me/friends") == nil)
  }

  @Test func queryItemsRoundTrip() {
    var items = QueryItems(parsing: "?message=hello+world%21&a=%E2%9C%93")
    #expect(items["message"] == "hello world!")
    #expect(items["a"] == "✓")
    items["fields"] = "id,name{first}"
    #expect(items.queryString == "message=hello%20world!&a=%E2%9C%93&fields=id,name{first}")
    #expect(items.formEncoded == "message=hello%20world%21&a=%E2%9C%93&fields=id%2Cname%7Bfirst%7D")
  }
}
