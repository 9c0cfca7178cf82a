import GraphAPI
import GraphEmulator
import GraphJSON
import Testing

@testable import ExplorerCLI

/// Issue 42 on public recordings: paging as Graph gave it then, learned by `world --from` into
/// the world file's `paging` (`RecordedPaging`), not the emulator's rules. Each cassette is
/// shaped after one: friends paged by offset at v2.2 with `summary.total_count` counting friends
/// no page listed (koala's friend_list_next_page, 2014), the same read without a version whose
/// links name v2.2 (recommendapp, 2015), and a feed read without a version or `fields` whose
/// links name v2.6 and carry `icon_size=16` (facegroup, 2016), and a Page's posts at v1.0 each
/// expanding `likes.limit(1).summary(true)` (G5's page_posts, 2014).
@Suite struct RecordedWorldPagingTests {
  typealias Step = RecordedWorldPublicTests.Step

  static let token = RecordedWorldPublicTests.userToken

  /// The friends numbered `range`, as a friends page lists them.
  static func friends(_ range: Range<Int>) -> String {
    range.map { #"{"name":"Friend \#($0)","id":"\#(100_000_100 + $0)"}"# }
      .joined(separator: ",")
  }

  /// Two pages of 25 at v2.2, by offset, with 821 counted.
  static let offsetPages: [Step] = [
    Step(
      url: "https://graph.facebook.com/v2.2/me/friends?access_token=\(token)",
      body:
        #"{"data":[\#(friends(0..<25))],"paging":{"next":"https:\/\/graph.facebook.com\/v2.2\/2905623\/friends?access_token=\#(token)&limit=25&offset=25&__after_id=enc_AezA"},"summary":{"total_count":821}}"#,
      version: "v2.2", date: "Fri, 26 Dec 2014 14:54:14 GMT"),
    Step(
      url:
        "https://graph.facebook.com/v2.2/2905623/friends?__after_id=enc_AezA&access_token=\(token)&limit=25&offset=25",
      body:
        #"{"data":[\#(friends(25..<50))],"paging":{"next":"https:\/\/graph.facebook.com\/v2.2\/2905623\/friends?limit=25&offset=50&access_token=\#(token)&__after_id=enc_AezB","previous":"https:\/\/graph.facebook.com\/v2.2\/2905623\/friends?limit=25&offset=0&access_token=\#(token)&__before_id=enc_AeyC"},"summary":{"total_count":821}}"#,
      version: "v2.2", date: "Fri, 26 Dec 2014 14:54:15 GMT"),
  ]

  /// Without a version, answered at v2.2: the last page's `next` names v2.2.
  static let unversioned: [Step] = [
    Step(
      url: "https://graph.facebook.com/me/friends?access_token=\(token)",
      body:
        #"{"data":[\#(friends(0..<2))],"paging":{"next":"https:\/\/graph.facebook.com\/v2.2\/1379083422415077\/friends?access_token=\#(token)&limit=25&offset=25&__after_id=enc_AdDL"},"summary":{"total_count":2}}"#,
      version: "v2.2", date: "Sun, 22 Mar 2015 11:08:04 GMT")
  ]

  /// A group's feed without a version or `fields`, answered at v2.6.
  static let feedWithIconSize: [Step] = [
    Step(
      url: "https://graph.facebook.com/150000000000007/feed?access_token=\(token)",
      body:
        #"{"data":[{"message":"Meetup on Friday","updated_time":"2016-05-04T10:00:00+0000","id":"150000000000007_150000000000702"},{"message":"Welcome!","updated_time":"2016-05-01T09:00:00+0000","id":"150000000000007_150000000000701"}],"paging":{"previous":"https:\/\/graph.facebook.com\/v2.6\/150000000000007\/feed?icon_size=16&since=1462356000&access_token=\#(token)&limit=25&__paging_token=enc_AdAbC&__previous=1"}}"#,
      version: "v2.6", type: "text/javascript; charset=UTF-8", accept: false,
      date: "Thu, 01 Dec 2016 04:39:16 GMT")
  ]

  /// A Page's posts read without a version at v1.0 (December 2014), each post's likes
  /// expanded as `likes.limit(1).summary(true)`: a post shows one like of the 8 counted with a
  /// `next` naming v1.0, `limit=1` and `summary=true`; a post with no likes has no `likes`
  /// (G5's page_posts, 2014).
  static let pagePostsWithLikes: [Step] = {
    let page = "150000000000007"
    let fields = "likes.limit(1).summary(true),message,id,created_time,from"
    let from = #""from":{"category":"Community","name":"Harbour Club","id":"\#(page)"}"#
    func post(_ n: Int, _ likes: String?, time: String) -> String {
      let liked = likes.map { #""likes":\#($0),"# } ?? ""
      return
        #"{\#(liked)"message":"Post \#(n)",\#(from),"id":"\#(page)_\#(n)","created_time":"\#(time)"}"#
    }
    func likes(_ post: Int, liker: String, total: Int) -> String {
      let link =
        #"https:\/\/graph.facebook.com\/v1.0\/\#(page)_\#(post)\/likes?limit=1&summary=true&access_token=\#(token)&after=NzU1"#
      return
        #"{"data":[{"id":"\#(liker)","name":"Liker \#(post)"}],"paging":{"cursors":{"after":"NzU1","before":"NzU1"},"next":"\#(link)"},"summary":{"total_count":\#(total)}}"#
    }
    let previous =
      #"https:\/\/graph.facebook.com\/v1.0\/\#(page)\/posts?fields=likes.limit%281%29.summary%28true%29,message,id,created_time,from&limit=3&since=1418679609&access_token=\#(token)&__previous=1"#
    let posts = [
      post(
        1_015_003, likes(1_015_003, liker: "755437763", total: 8), time: "2014-12-15T21:40:09+0000"),
      post(1_015_002, nil, time: "2014-12-14T10:00:00+0000"),
      post(
        1_015_001, likes(1_015_001, liker: "755437764", total: 24), time: "2014-12-13T10:00:00+0000"
      ),
    ]
    return [
      Step(
        url:
          "https://graph.facebook.com/\(page)/posts?access_token=\(token)&fields=\(fields)&limit=3",
        body: #"{"data":[\#(posts.joined(separator: ","))],"paging":{"previous":"\#(previous)"}}"#,
        version: "v1.0", date: "Tue, 16 Dec 2014 16:54:40 GMT")
    ]
  }()

  static func answeredAsRecorded(_ name: String, _ steps: [Step]) async throws -> String {
    let (made, verified, world) = try await RecordedWorldPublicTests.run(name, steps: steps)
    #expect(made.status == .success, "\(made.errors)")
    #expect(
      verified.output.contains("\(steps.count) interaction(s), no drift"), "\(verified.output)")
    return world
  }

  @Test func friendsPagedByOffsetAtV22CountWhatNoPageListed() async throws {
    let world = try await Self.answeredAsRecorded("friends-offset.yml", Self.offsetPages)
    let paging = try JSONParser.parse(Array(world.utf8))["paging"]
    #expect(paging?["edges"]?["friends"]?["by"] == "offset", "\(world.suffix(400))")
    #expect(paging?["edges"]?["friends"]?["limit"]?.numberValue?.intValue == 25)
    #expect(paging?["unlisted"]?["2905623"]?["friends"]?.numberValue?.intValue == 771)
  }

  @Test func linksOfAReadWithoutAVersionNameTheVersionThatServedIt() async throws {
    let world = try await Self.answeredAsRecorded("friends-unversioned.yml", Self.unversioned)
    let paging = try JSONParser.parse(Array(world.utf8))["paging"]
    #expect(paging?["versioned_links"] == true, "\(world.suffix(400))")
    #expect(paging?["unlisted"] == nil, "two counted, two listed")
  }

  @Test func parametersGraphAddedToAFeedsLinksAreAddedAgain() async throws {
    let world = try await Self.answeredAsRecorded("feed-icon-size.yml", Self.feedWithIconSize)
    let paging = try JSONParser.parse(Array(world.utf8))["paging"]
    #expect(paging?["edges"]?["feed"]?["link_parameters"]?["icon_size"] == "16")
  }

  /// Each post's count of likes no page listed, its `next` past the one listed, and a post
  /// with no likes left without `likes`, all learned (issue 42).
  @Test func expandedLikesCountWhatNoPageListedAndAnEmptyOneIsLeftOut() async throws {
    let world = try await Self.answeredAsRecorded("page-posts-likes.yml", Self.pagePostsWithLikes)
    let paging = try JSONParser.parse(Array(world.utf8))["paging"]
    let unlisted = paging?["unlisted"]
    #expect(unlisted?["150000000000007_1015003"]?["likes"]?.numberValue?.intValue == 7)
    #expect(unlisted?["150000000000007_1015001"]?["likes"]?.numberValue?.intValue == 23)
    #expect(paging?["omitted_empty"]?.arrayValue == ["likes"], "\(world.suffix(600))")
    #expect(paging?["versioned_links"] == true)
  }

  /// A world file's `paging` reads back as written; a bad value is named by its JSON path.
  @Test func aWorldFileKeepsItsPagingAndNamesABadValue() throws {
    var value = World.default.jsonValue
    let app = World.default.app.id
    guard case .object(var root) = value else { return }
    root["paging"] = [
      "versioned_links": true,
      "edges": ["friends": ["by": "offset", "limit": 25, "summary": true]],
      "unlisted": ["100001000000001": ["friends": 771]],
      "continued": ["100001000000001": ["feed"], app: ["accounts"]],
      "as_of_clock": true,
      "omitted_empty": ["likes"],
    ]
    value = .object(root)
    let world = try World(json: JSONPrinter().bytes(value))
    #expect(world.paging.versionedLinks)
    #expect(world.paging.edges["friends"]?.byOffset == true)
    #expect(world.paging.unlisted["100001000000001"]?["friends"] == 771)
    #expect(world.paging.continued[app] == ["accounts"], "the app's own listing")
    #expect(world.paging.asOfClock)
    #expect(world.paging.omittedEmpty == ["likes"])
    #expect(world.jsonValue["paging"] == root["paging"])
    root["paging"] = ["edges": ["friends": ["by": "cursor"]]]
    #expect {
      try World(json: JSONPrinter().bytes(.object(root)))
    } throws: { error in
      "\(error)".contains("$.paging.edges.friends.by")
    }
    root["paging"] = ["unlisted": ["nobody": ["friends": 3]]]
    #expect {
      try World(json: JSONPrinter().bytes(.object(root)))
    } throws: { error in
      "\(error)".contains("$.paging.unlisted.nobody")
    }
    let bad: [(JSONValue, String)] = [
      (["edges": []], "$.paging.edges"),
      (
        ["unlisted": ["100001000000001": ["friends": 9_007_199_254_740_992]]],
        "$.paging.unlisted.100001000000001.friends"
      ),
      (
        ["edges": ["feed": ["link_parameters": ["icon_size": 16]]]],
        "$.paging.edges.feed.link_parameters.icon_size"
      ),
      (["continued": ["nobody": ["feed"]]], "$.paging.continued.nobody"),
      (["continued": ["100001000000001": "feed"]], "$.paging.continued.100001000000001"),
      (["as_of_clock": "yes"], "$.paging.as_of_clock"),
      (["omitted_empty": "likes"], "$.paging.omitted_empty"),
      (["omitted_empty": [3]], "$.paging.omitted_empty[0]"),
    ]
    for (paging, location) in bad {
      root["paging"] = paging
      #expect {
        try World(json: JSONPrinter().bytes(.object(root)))
      } throws: { error in
        "\(error)".contains(location)
      }
    }
  }

  /// `summary.total_count` is the friends listed and those no page listed, unasked; the page
  /// has no cursors.
  @Test func theCountIsTheListedAndTheUnlisted() async throws {
    let world = try await Self.answeredAsRecorded("friends-offset.yml", Self.offsetPages)
    let loaded = try World(json: Array(world.utf8))
    let emulator = GraphEmulator(world: loaded)
    let answer = try await emulator.send(
      HTTPRequest(
        .get,
        url: "https://graph.facebook.com/v2.2/me/friends?access_token=\(loaded.defaultToken)"))
    let body = try JSONParser.parse(answer.body)
    #expect(body["summary"]?["total_count"]?.numberValue?.intValue == 821)
    #expect(body["paging"]?["cursors"] == nil)
  }
}
