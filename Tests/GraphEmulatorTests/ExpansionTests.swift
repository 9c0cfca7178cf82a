import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Field expansion details: time and offset modifiers on nested edges, the older `.fields()`,
/// nested errors, syntax errors; and the error types against GraphAPI's catalogue.
@Test func nestedFeedHonoursSinceAndUntil() throws {
  let emulator = GraphEmulator()
  let all = call(emulator, "me/feed?fields=created_time&limit=100").json?["data"]?.arrayValue ?? []
  let times = all.compactMap { $0["created_time"]?.stringValue }.compactMap(NodeRenderer.parseTime)
  let until = times[10]
  let since = times[20]
  let answer = call(emulator, "me?fields=feed.since(\(since)).until(\(until)).limit(100){id}")
  #expect(answer.json?["feed"]?["data"]?.arrayValue?.count == 10)
}

@Test func olderFieldsModifierAndOffset() {
  let answer = call(GraphEmulator(), "me?fields=friends.offset(1).limit(1).fields(first_name)")
  #expect(
    answer.json?["friends"]?["data"]
      == [["first_name": "Chen", "id": "100001000000003"]])
}

@Test func nestedUnknownFieldNamesTheNestedType() {
  let answer = call(GraphEmulator(), "me?fields=feed{nonsense}")
  #expect(
    answer.json?["error"]?["message"]
      == "(#100) Tried accessing nonexisting field (nonsense) on node type (Post)")
}

@Test func syntaxErrorPointsAtTheCharacter() {
  let answer = call(GraphEmulator(), "me?fields=id,name}")
  #expect(answer.status == 400)
  #expect(answer.json?["error"]?["code"] == 2500)
  #expect(
    answer.json?["error"]?["message"]?.stringValue?.hasSuffix("at character 7: id,name}") == true)
}

@Test(arguments: [
  GraphError.noActiveToken, .unknownPath("/x"), .tokenRequired, .invalidToken,
  .malformedToken("x"), .expired(at: 0, now: 1), .notAuthorized(user: "1", app: "2"),
  .invalidated(subcode: 460), .invalidated(subcode: 467),
  .nonexistingField("x", on: .user), .unsupported("GET", id: "x"),
  .requiresPermission("publish_actions"), .duplicateStatus, .missingAliases(["x"]),
  .cannotTag(["1"]), .appLimit, .userLimit,
])
func errorsAgreeWithTheCatalogue(_ error: GraphError) throws {
  // (The catalogue's general code-100 entry says OAuthException; the appsecret_proof error is
  // a GraphMethodException per the reference, so it is not in this table.)
  let entry = try #require(ErrorCatalogue.entry(code: error.code, subcode: error.subcode))
  #expect(entry.type == error.type)
  #expect(entry.httpStatus == error.status)
}

@Test func usernameIsDeprecatedFromV2() {
  let emulator = GraphEmulator()
  #expect(
    call(emulator, "v1.0/me?fields=username").text
      == #"{"username":"alice.whitfield","id":"100001000000001"}"#)
  let answer = call(emulator, "v2.0/me?fields=username")
  #expect(answer.status == 400)
  #expect(
    answer.json?["error"]?["message"]
      == "(#12) username field is deprecated for versions v2.0 and higher")
  #expect(answer.json?["error"]?["code"] == 12)
}

@Test func friendshipCheckAndAppAlias() {
  let emulator = GraphEmulator()
  #expect(
    call(emulator, "me/friends/100001000000002").text
      == #"{"data":[{"name":"Bob Okafor","id":"100001000000002"}]}"#)
  #expect(call(emulator, "me/friends/100001000000012", token: "CAAEmuBob").text == #"{"data":[]}"#)
  #expect(
    call(emulator, "me/friends/100001000000002", token: "CAAEmuAliceBasic").text == #"{"data":[]}"#)
  #expect(
    call(emulator, "app?fields=name,namespace").text
      == #"{"name":"Scrumptious","namespace":"fb_sample_scrumps","id":"233936543368280"}"#)
}

@Test func nestedSummaryModifier() {
  let answer = call(GraphEmulator(), "me?fields=friends.limit(0).summary(true)")
  #expect(answer.json?["friends"] == ["data": [], "summary": ["total_count": 68]])
}

/// An expanded edge's `next` carries the `summary` it asked for beside its `limit`, as Graph's
/// did (G5's page_posts, 2014: `likes?limit=1&summary=true&access_token=...&after=...`).
@Test func nestedLinksCarryTheSummaryAsked() throws {
  let answer = call(GraphEmulator(), "me?fields=friends.limit(1).summary(true)")
  let next = try #require(answer.json?["friends"]?["paging"]?["next"]?.stringValue)
  let query = try #require(URLParts(next)).queryItems
  #expect(query["summary"] == "true", "\(next)")
  #expect(query["limit"] == "1")
  let plain = call(GraphEmulator(), "me?fields=friends.limit(1)")
  let link = try #require(plain.json?["friends"]?["paging"]?["next"]?.stringValue)
  #expect(URLParts(link)?.queryItems["summary"] == nil, "\(link)")
}
