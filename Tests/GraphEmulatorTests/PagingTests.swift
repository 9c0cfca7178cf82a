import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Follows `paging.next` from `first` until there is none; returns every id and the pages.
func walk(_ emulator: GraphEmulator, _ first: String, base: String = "https://graph.facebook.com")
  -> (ids: [String], pages: [JSONValue])
{
  var ids: [String] = []
  var pages: [JSONValue] = []
  var answer = call(emulator, first, base: base)
  while let json = answer.json, pages.count < 200 {
    pages.append(json)
    ids += (json["data"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    guard let next = json["paging"]?["next"]?.stringValue else { break }
    answer = call(emulator, next, token: nil)
  }
  return (ids, pages)
}

struct PagingCase: Sendable, CustomStringConvertible {
  var base: String
  var path: String
  var prefix: String
  /// v1.0 lists every friend; from v2.0 only friends who use the app.
  var allFriends = false
  var description: String { base + "/" + path }
}

@Test(arguments: [
  PagingCase(
    base: "https://graph.facebook.com", path: "me/friends?limit=10",
    prefix:
      "https://graph.facebook.com/100001000000001/friends?access_token=CAAEmuAlice&limit=10&after="),
  PagingCase(
    base: "http://127.0.0.1:8080", path: "v2.0/me/friends?fields=name&limit=10",
    prefix:
      "http://127.0.0.1:8080/v2.0/100001000000001/friends?access_token=CAAEmuAlice&fields=name&limit=10&after="
  ),
  PagingCase(
    base: "https://graph.facebook.com", path: "v1.0/me/friends?limit=10",
    prefix:
      "https://graph.facebook.com/v1.0/100001000000001/friends?access_token=CAAEmuAlice&limit=10&offset=10&__after_id=100001000000011",
    allFriends: true),
])
func friendsPagingWalksEveryFriendOnce(_ c: PagingCase) throws {
  let emulator = GraphEmulator()
  let (ids, pages) = walk(emulator, c.path, base: c.base)
  let world = emulator.world
  let friends = world.edge("100001000000001", "friends")
  let expected = c.allFriends ? Array(friends) : friends.filter(world.usesApp)
  #expect(expected.count == (c.allFriends ? 68 : 61))
  #expect(ids == expected)
  #expect(Set(ids).count == ids.count)
  // v1.0 pages by offset and gives `next` on the last page too: an eighth page, empty, ends it.
  #expect(pages.count == (c.allFriends ? 8 : 7))
  let next = try #require(pages[0]["paging"]?["next"]?.stringValue)
  #expect(next.hasPrefix(c.prefix))
  #expect(pages[0]["paging"]?["previous"] == nil)
  #expect((pages[6]["paging"]?["next"] != nil) == c.allFriends)
  #expect(pages[6]["data"]?.arrayValue?.count == (c.allFriends ? 8 : 1))
  #expect(pages[6]["paging"]?["previous"] != nil)
  if c.allFriends { #expect(pages[7] == ["data": []]) }
}

@Test func previousGoesBackOnePage() throws {
  let emulator = GraphEmulator()
  let (_, pages) = walk(emulator, "me/friends?limit=10")
  let previous = try #require(pages[3]["paging"]?["previous"]?.stringValue)
  #expect(previous.contains("&before="))
  let back = call(emulator, previous, token: nil)
  #expect(back.json?["data"] == pages[2]["data"])
}

@Test func cursorsNameFirstAndLastItems() throws {
  let answer = call(GraphEmulator(), "me/friends?limit=3")
  let cursors = try #require(answer.json?["paging"]?["cursors"])
  #expect(cursors["before"] == .string(EdgePager.cursor(id: "100001000000002", index: 0)))
  #expect(cursors["after"] == .string(EdgePager.cursor(id: "100001000000004", index: 2)))
}

@Test func offsetPagingCarriesOffset() throws {
  let answer = call(GraphEmulator(), "me/friends?limit=5&offset=58")
  let json = try #require(answer.json)
  #expect(json["data"]?.arrayValue?.count == 3)
  #expect(json["paging"]?["next"] == nil)
  #expect(
    json["paging"]?["previous"]
      == "https://graph.facebook.com/100001000000001/friends?access_token=CAAEmuAlice&limit=5&offset=53"
  )
}

@Test func limitIsCapped() {
  let answer = call(GraphEmulator(), "me/feed?limit=1000")
  #expect(answer.json?["data"]?.arrayValue?.count == 42)
  let friends = call(GraphEmulator(), "me/friends?limit=0&summary=true")
  #expect(friends.text == #"{"data":[],"summary":{"total_count":68}}"#)
  let negative = call(GraphEmulator(), "me/friends?limit=-3")
  #expect(negative.json?["data"]?.arrayValue?.count == 25)
}

@Test func feedPagesByTime() throws {
  let emulator = GraphEmulator()
  let (ids, pages) = walk(emulator, "me/feed?limit=10&fields=id,created_time")
  #expect(ids.count == 42)
  #expect(Set(ids).count == 42)
  #expect(pages.count == 5)
  let next = try #require(pages[0]["paging"]?["next"]?.stringValue)
  #expect(next.contains("&until="))
  let previous = try #require(pages[1]["paging"]?["previous"]?.stringValue)
  #expect(previous.contains("&since=") && previous.contains("&__previous=1"))
  #expect(pages[4]["paging"]?["next"] == nil)
}

@Test func badCursorIsAnError() {
  let answer = call(GraphEmulator(), "me/friends?after=nonsense")
  #expect(answer.status == 400)
  #expect(answer.json?["error"]?["code"] == 100)
}

@Test func nestedEdgeHasItsOwnPaging() throws {
  let answer = call(GraphEmulator(), "v2.1/me?fields=friends.limit(2){first_name}")
  let next = try #require(answer.json?["friends"]?["paging"]?["next"]?.stringValue)
  #expect(
    next.hasPrefix(
      "https://graph.facebook.com/v2.1/100001000000001/friends?access_token=CAAEmuAlice&fields=first_name&limit=2&after="
    ))
}

@Test func deepPagesCostTheSame() throws {
  let world = try World.generated(people: 2000, friends: 1000)
  let emulator = GraphEmulator(world: world)
  let cursor = EdgePager.cursor(id: world.edge("200000000000000", "friends")[899], index: 899)
  let answer = call(emulator, "me/friends?limit=100&after=\(cursor)", token: "CAAEmuUser0")
  #expect(answer.json?["data"]?.arrayValue?.count == 100)
  #expect(answer.json?["paging"]?["next"] == nil)
}
