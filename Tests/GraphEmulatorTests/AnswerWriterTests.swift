import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Issue 48: the reads `AnswerWriter` writes straight into bytes are the bytes the tree gave
/// (`NodeRenderer`'s object printed), status and headers included: every one of graph-bench's
/// distinct reads, and the other shapes of node and edge reads (expansions, summaries, feeds,
/// cursors, errors, debug and metadata, a body too large for the writer).
@Suite struct AnswerWriterTests {
  /// The answers to `paths` from an emulator over `world` with the writer on or off (the
  /// answer memo off, so every read is made), and how many the writer wrote.
  static func answers(
    _ paths: [String], world: World = .default, writing: Bool, token: String = "CAAEmuAlice"
  ) -> (responses: [HTTPResponse], written: Int) {
    let emulator = GraphEmulator(world: world)
    emulator.answerMemoEnabled = false
    emulator.writesAnswers = writing
    let responses = paths.map { path in
      let separator = path.contains("?") ? "&" : "?"
      let url = "http://127.0.0.1:9" + path
      return emulator.answer(
        HTTPRequest(
          .get,
          url: url.contains("access_token=") ? url : url + separator + "access_token=" + token))
    }
    return (responses, emulator.writtenAnswers)
  }

  /// Compares the two ways, answer by answer, naming the first path that differs; gives how
  /// many answers were written and how many were successes.
  @discardableResult
  static func expectSame(
    _ paths: [String], world: World = .default, token: String = "CAAEmuAlice"
  ) -> (written: Int, successes: Int) {
    let written = answers(paths, world: world, writing: true, token: token)
    let tree = answers(paths, world: world, writing: false, token: token)
    #expect(tree.written == 0)
    for (n, path) in paths.enumerated() {
      let (a, b) = (written.responses[n], tree.responses[n])
      #expect(a.status == b.status, "\(path)")
      #expect(a.headers == b.headers, "\(path)")
      #expect(a.body == b.body, "\(path): \(a.bodyText) against \(b.bodyText)")
      if a.body != b.body { break }
    }
    return (written.written, tree.responses.filter { $0.status == 200 }.count)
  }

  @Test func everyDistinctBenchmarkReadIsWrittenAsTheTreePrintedIt() throws {
    let friends = GraphEmulator().answer(
      HTTPRequest(.get, url: "http://127.0.0.1:9" + BenchmarkReads.friendsPath))
    let ids = try JSONParser.parse(friends.bodyText)["data"]?.arrayValue?.compactMap {
      $0["id"]?.stringValue
    }
    let paths = BenchmarkReads.paths(friendIDs: try #require(ids))
    #expect(paths.count == 896)
    // Every one of them takes the writer.
    #expect(Self.expectSame(paths).written == paths.count)
  }

  @Test func otherReadShapesAreTheSameBytesAndTheRestIsLeftToTheTree() {
    let written: [String] = [
      "/me", "/v1.0/me", "/v2.0/me", "/v2.4/me", "/me?fields=id,name",
      "/me?fields=first_name.as(given),hometown{name}", "/me?fields=name,name,id",
      "/me?fields=friends.limit(2){name}", "/me?fields=friends.limit(0).summary(true)",
      "/me?fields=friends.offset(1).limit(1).fields(first_name)", "/me?fields=checkins.limit(1)",
      "/me/friends", "/v1.0/me/friends?limit=3", "/me/friends?limit=3&offset=2&summary=true",
      "/me/friends?limit=0&summary=true", "/me/friends?limit=5&offset=58",
      "/me/friends?limit=7&fields=name,picture,installed", "/me/friends?limit=-3",
      "/me/likes", "/me/photos?limit=3", "/me/albums", "/me/events", "/me/tagged_places?limit=2",
      "/v2.0/me/friends?limit=2&fields=id,name&suppress_http_code=1", "/me?fields=feed{nonsense}",
    ]
    // Every success among them is written.
    let shapes = Self.expectSame(written)
    #expect(shapes.written == shapes.successes && shapes.successes >= written.count - 4)
    // Feeds (time-based paging) with a token that may read them.
    let feeds = [
      "/me/feed?limit=2", "/me/feed?limit=2&fields=id,message,type", "/me/statuses",
      "/me/feed?fields=message,created_time",
    ]
    #expect(Self.expectSame(feeds, token: "CAAEmuAlicePublish").written == feeds.count)
    // Errors, debug messages and metadata: the same answers, none written.
    let tree = [
      "/me?fields=foo", "/me?fields=id,name}", "/me?fields=id&debug=all",
      "/me?fields=friends&debug=all", "/me?fields=id&metadata=1",
      "/me/friends?after=nonsense", "/v2.0/me?fields=username", "/me/friends?debug=all",
    ]
    #expect(Self.expectSame(tree).written == 0)
  }

  @Test func cursorPagesAreTheSameBytes() throws {
    let first = Self.answers(["/v2.0/me/friends?limit=4&offset=5"], writing: true).responses[0]
    let paging = try JSONParser.parse(first.bodyText)["paging"]
    let after = try #require(paging?["cursors"]?["after"]?.stringValue)
    let before = try #require(paging?["cursors"]?["before"]?.stringValue)
    let paths = [
      "/v2.0/me/friends?limit=4&after=\(after)", "/v2.0/me/friends?limit=4&before=\(before)",
      "/v2.0/me/friends?fields=name&limit=2&after=\(after)",
    ]
    #expect(Self.expectSame(paths).written == paths.count)
  }

  @Test func aBodyPastTheWritersLimitIsLeftToTheTree() throws {
    let world = try World.generated(people: 3000, friends: 10, seed: 7, defaultUserFriends: 2500)
    let token = world.defaultToken
    let paths = ["/v2.0/me/friends?limit=2500&fields=id,name", "/v2.0/me/friends?limit=10"]
    let written = Self.answers(paths, world: world, writing: true, token: token)
    #expect(written.responses[0].body.count > AnswerWriter.largest)
    #expect(Self.expectSame(paths, world: world, token: token).written == 1)
  }

  /// People listed without `fields` are kept written (`PersonItems`) for one state generation:
  /// a write (here a friend renamed) is seen on the next page, the memo off or on.
  @Test func aKeptPersonItemGivesWayToAWrite() throws {
    for memo in [false, true] {
      let emulator = GraphEmulator()
      emulator.answerMemoEnabled = memo
      let page = HTTPRequest(
        .get, url: "http://127.0.0.1:9/v2.0/me/friends?limit=2&access_token=CAAEmuAlice")
      let before = emulator.answer(page).bodyText
      #expect(before.contains(#"{"name":"Bob Okafor","id":"100001000000002"}"#), "\(before)")
      #expect(emulator.withState { $0.personItems.count } == 2)
      emulator.withState { state in
        state.mutate { $0.world.nodes["100001000000002"]?.fields["name"] = "Bob Renamed" }
      }
      let after = emulator.answer(page).bodyText
      #expect(after.contains(#"{"name":"Bob Renamed","id":"100001000000002"}"#), "\(after)")
      #expect(!after.contains("Bob Okafor"))
    }
  }
}
