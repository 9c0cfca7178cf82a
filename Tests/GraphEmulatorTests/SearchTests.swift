import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// `/search` as the iOS SDK's place picker calls it (the Scrumptious tutorial, "nearby places").
func places(_ query: String, token: String? = "CAAEmuAlice") -> [JSONValue] {
  call(GraphEmulator(), "search?type=place&" + query, token: token).json?["data"]?.arrayValue ?? []
}

let centre = (37.785834, -122.406417)

struct RadiusCase: Sendable, CustomStringConvertible {
  var distance: Int
  var count: Int
  var description: String { "\(distance) m" }
}

@Test(arguments: [
  RadiusCase(distance: 1000, count: 10), RadiusCase(distance: 5000, count: 27),
  RadiusCase(distance: 50_000, count: 34),
])
func placeSearchFiltersByRadiusAndSortsByDistance(_ c: RadiusCase) {
  let found = places("limit=100&center=37.785834,-122.406417&distance=\(c.distance)")
  #expect(found.count == c.count)
  let world = World.default
  let metres = found.compactMap { $0["id"]?.stringValue }.compactMap { world.nodes[$0] }
    .map { Router.distance(from: centre, to: $0) }
  #expect(metres == metres.sorted())
  #expect(metres.allSatisfy { $0 <= Double(c.distance) })
}

@Test func placeSearchByTextAsTheSDKBuildsIt() {
  let found = places("limit=50&center=37.785834,-122.406417&distance=1000&q=restaurant")
  #expect(found.count == 4)
  #expect(found.first?["name"] == "Burger Bar")
  #expect(
    found.first?.objectValue?.keys == ["category", "category_list", "location", "name", "id"])
  let cafes = places("q=coffee%20shop")
  #expect(cafes.count == 4)
}

@Test func searchPagesByOffset() throws {
  let answer = call(
    GraphEmulator(), "search?type=place&center=37.785834,-122.406417&distance=1000&limit=5")
  let next = try #require(answer.json?["paging"]?["next"]?.stringValue)
  #expect(
    next
      == "https://graph.facebook.com/search?access_token=CAAEmuAlice&type=place&center=37.785834,-122.406417&distance=1000&limit=5&offset=5"
  )
  let second = call(GraphEmulator(), next, token: nil)
  #expect(second.json?["data"]?.arrayValue?.count == 5)
  #expect(second.json?["paging"]?["previous"] != nil)
}

@Test func searchTokensAndTypes() {
  let emulator = GraphEmulator()
  #expect(call(emulator, "search?type=place&q=bar", token: nil).json?["error"]?["code"] == 104)
  let app = "233936543368280|EmuAppToken"
  #expect(call(emulator, "search?type=place&q=bar", token: app).status == 200)
  let users = call(emulator, "search?type=user&q=okafor", token: app)
  #expect(
    users.json?["error"]?["message"]
      == "(#200) Must have a valid access_token to access this endpoint")
  #expect(
    call(emulator, "search?type=user&q=okafor").text
      == #"{"data":[{"name":"Bob Okafor","id":"100001000000002"}]}"#)
  #expect(
    call(emulator, "search?type=event&q=taco").json?["data"]?[0]?["name"] == "Mission taco crawl")
  #expect(call(emulator, "search?type=group&q=x").text == #"{"data":[]}"#)
  #expect(call(emulator, "search?q=x").json?["error"]?["code"] == 100)
  #expect(call(emulator, "search?type=page&q=developers").json?["data"]?[0]?["id"] == "19292868552")
}
