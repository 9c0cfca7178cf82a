import GraphAPI
import Testing

@testable import GraphProxy

@Suite("HostPolicy") struct HostPolicyTests {
  @Test func facebooksHostsAreAnsweredAndNoOthers() {
    for host in [
      "graph.facebook.com", "GRAPH.Facebook.com", "graph-video.facebook.com", "api.facebook.com",
      "www.facebook.com", "m.facebook.com", "scontent.xx.fbcdn.net", "fbcdn-profile-a.akamaihd.net",
      "graph.beta.facebook.com", "graph-video.beta.facebook.com",
    ] {
      #expect(GraphHosts.isAnswered(host), "\(host)")
    }
    for host in [
      "example.com", "facebook.com.example.com", "evilfbcdn.net", "akamaihd.net",
      "other.akamaihd.net", "127.0.0.1", "",
    ] {
      #expect(!GraphHosts.isAnswered(host), "\(host)")
    }
  }

  @Test func authoritiesSplitIntoHostAndPort() {
    #expect(GraphHosts.split(authority: "Graph.Facebook.com:443") == ("graph.facebook.com", 443))
    #expect(GraphHosts.split(authority: "[::1]:8080") == ("::1", 8080))
    #expect(GraphHosts.split(authority: "example.com") == ("example.com", nil))
    #expect(GraphHosts.split(authority: "example.com:x") == ("example.com", nil))
  }

  @Test func anotherHostGetsA502NamingItWithControlCharactersShownSafely() throws {
    let answered = HTTPRequest(method: "GET", url: "https://graph.facebook.com/v2.2/me")
    #expect(HostPolicy.refusal(for: answered) == nil)
    let refused = try #require(
      HostPolicy.refusal(for: HTTPRequest(method: "GET", url: "http://example.com:8080/x")))
    #expect(refused.status == 502)
    let body = String(decoding: refused.body, as: UTF8.self)
    #expect(body.contains("does not answer for example.com: it answers only"))
    #expect(body.contains("--pass-through"))
    #expect(HostPolicy.refusalMessage(host: "a\u{1b}[2Jb").contains("a?[2Jb"))
  }

  @Test func theEndOfAConnectHeadIsFoundWhereverItFalls() {
    let head = Array("CONNECT a:443 HTTP/1.1\r\nHost: a:443\r\n\r\nTLS".utf8)
    #expect(ConnectHead.endOfHead(head[...]) == head.count - 3)
    #expect(ConnectHead.endOfHead(head[10...]) == head.count - 3 - 10)
    #expect(ConnectHead.endOfHead(Array("CONNECT a:443 HTTP/1.0\n\n".utf8)[...]) == 24)
    #expect(ConnectHead.endOfHead(Array("CONNECT a:443 HTTP/1.1\r\n".utf8)[...]) == nil)
    #expect(ConnectHead.validAuthority(Array("graph.facebook.com:443".utf8)[...]) != nil)
    #expect(ConnectHead.validAuthority(Array("graph.facebook.com".utf8)[...]) == nil)
    #expect(ConnectHead.validAuthority(Array("a b:443".utf8)[...]) == nil)
    #expect(ConnectHead.validAuthority(Array("[::1]:443".utf8)[...]) != nil)
  }
}
