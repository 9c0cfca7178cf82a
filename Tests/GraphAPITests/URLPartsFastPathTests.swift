import GraphAPI
import GraphTestSupport
import Testing

/// The byte-level reading of ASCII URLs gives what the character-level one gives.
@Suite struct URLPartsFastPathTests {
  @Test func asciiURLsReadAsCharactersDo() {
    var random = SeededRandomNumberGenerator(seed: 16)
    let pieces = [
      "http", "HTTPS", "h+t-1", "://", ":", "/", "//", "?", "#", "@", "[::1]", "]", "127.0.0.1",
      "Graph.Facebook.com", ":8080", ":99999", ":+80", ":-0", ":", "v2.0", "me", "a=b&c=%41",
      "%2F", "", " ", "x",
    ]
    var urls = [
      "http://127.0.0.1:8080/me", "https://GRAPH.facebook.com", "http://[::1]:9/x?y#z",
      "http://u@h:1/p?q=1#f", "http://h:/x", "http://:80/", "ftp://h/a?b?c",
    ]
    for _ in 0..<5_000 {
      urls.append(
        (0..<Int.random(in: 1...8, using: &random)).map { _ in
          pieces.randomElement(using: &random)!
        }.joined())
    }
    for url in urls {
      #expect(URLParts(url) == URLParts(characters: url), "\(url)")
    }
  }
}
