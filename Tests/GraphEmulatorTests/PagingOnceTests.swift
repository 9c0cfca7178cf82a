import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// `next` and `previous` carry each parameter once (issue 26): a client that adds its own
/// parameters to every `next` it follows (facepy) keeps a URL of one length page after page.
@Suite struct PagingOnceTests {
  static func names(_ url: String?) -> [String] {
    guard let url, let parts = URLParts(url) else { return [] }
    return parts.queryItems.items.map(\.name)
  }

  @Test func anEdgesNextCarriesEachParameterOnce() throws {
    let emulator = GraphEmulator()
    var url = "v2.2/me/friends?fields=name&limit=3"
    var lengths: [Int] = []
    for _ in 0..<4 {
      let answer = call(emulator, url + "&fields=name&limit=3")
      let next = try #require(answer.json?["paging"]?["next"]?.stringValue, "\(answer.text)")
      let names = Self.names(next)
      #expect(names.count == Set(names).count, "\(next)")
      lengths.append(next.utf8.count)
      url = String(next.dropFirst("https://graph.facebook.com/".count))
        .replacingOccurrences(of: "access_token=CAAEmuAlice&", with: "")
    }
    #expect(Set(lengths).count <= 2, "\(lengths)")
  }

  @Test func searchsNextCarriesEachParameterOnce() throws {
    let emulator = GraphEmulator()
    let answer = call(
      emulator, "v2.2/search?type=page&q=a&q=a&type=page&limit=1&fields=name&fields=name")
    let next = try #require(answer.json?["paging"]?["next"]?.stringValue, "\(answer.text)")
    let names = Self.names(next)
    #expect(names.count == Set(names).count, "\(next)")
    #expect(names.contains("q") && names.contains("type"))
  }
}
