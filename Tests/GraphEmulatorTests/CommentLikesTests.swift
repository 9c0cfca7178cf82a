import GraphJSON
import Testing

@testable import GraphEmulator

/// Liking a comment: `POST`/`DELETE <comment-id>/likes`, its `likes` edge, and the comment's
/// `like_count`, `user_likes` and `can_like` (docs/emulator.md, "Writes";
/// `VersionRule.likesNeedPageToken`).
@Suite struct CommentLikesTests {
  /// Bob's comment on Alice's first post in the default world (no likes yet), the post, and
  /// the comment's fields about likes.
  static let (comment, post) = ("10152000000100_9000", "100001000000001_10152000000100")
  static let fields = "fields=like_count,user_likes,can_like"

  @Test func likingACommentCountsItAndListsTheViewer() throws {
    let emulator = GraphEmulator()
    let before = call(emulator, "\(Self.comment)?\(Self.fields)", token: "CAAEmuBob").json
    #expect(before?["like_count"] == 0)
    #expect(before?["user_likes"] == false)
    let liked = call(emulator, "\(Self.comment)/likes", method: "POST", token: "CAAEmuBob")
    #expect(liked.status == 200)
    #expect(liked.text == #"{"success":true}"#)
    let mine = call(emulator, "\(Self.comment)?\(Self.fields)", token: "CAAEmuBob").json
    #expect(
      mine == ["like_count": 1, "user_likes": true, "can_like": true, "id": "10152000000100_9000"])
    // Another person sees the count, not a like of theirs.
    let theirs = call(emulator, "\(Self.comment)?\(Self.fields)").json
    #expect(theirs?["like_count"] == 1)
    #expect(theirs?["user_likes"] == false)
    let likes = call(emulator, "\(Self.comment)/likes?summary=true").json
    #expect(likes?["data"] == [["name": "Bob Okafor", "id": "100001000000002"]])
    #expect(likes?["summary"]?["total_count"] == 1)
    // Expanded from the post, as a client reads a thread.
    let thread = call(
      emulator, "\(Self.post)?fields=comments{like_count,likes.summary(true){name}}"
    ).json
    let first = try #require(thread?["comments"]?["data"]?[0])
    #expect(first["like_count"] == 1)
    #expect(first["likes"]?["summary"]?["total_count"] == 1)
    #expect(first["likes"]?["data"]?[0]?["name"] == "Bob Okafor")
    // Unliking takes the like and the count back.
    let unliked = call(emulator, "\(Self.comment)/likes", method: "DELETE", token: "CAAEmuBob")
    #expect(unliked.text == #"{"success":true}"#)
    let after = call(emulator, "\(Self.comment)?\(Self.fields)", token: "CAAEmuBob").json
    #expect(after?["like_count"] == 0)
    #expect(after?["user_likes"] == false)
    #expect(call(emulator, "\(Self.comment)/likes").json?["data"] == [])
  }

  @Test func theAnswerFollowsTheVersion() {
    let emulator = GraphEmulator()
    for (version, text) in [("v1.0", "true"), ("v2.0", "true"), ("v2.1", #"{"success":true}"#)] {
      let liked = call(
        emulator, "\(version)/\(Self.comment)/likes", method: "POST", token: "CAAEmuBob")
      #expect(liked.text == text, "\(version)")
      let unliked = call(
        emulator, "\(version)/\(Self.comment)/likes", method: "DELETE", token: "CAAEmuBob")
      #expect(unliked.text == text, "\(version)")
    }
  }

  /// From v2.9 only a Page's token likes: a person's token is (#3) even with publish_actions
  /// (https://github.com/arsduo/koala/issues/562), from v3.0 publish_actions' own (#200).
  @Test func aPersonsTokenIsRefusedFromV2_9AndAPageLikesAsItself() {
    let emulator = GraphEmulator()
    let then = call(
      emulator, "v2.8/\(Self.comment)/likes", method: "POST", token: "CAAEmuAlicePublish")
    #expect(then.text == #"{"success":true}"#)
    for method in ["POST", "DELETE"] {
      let refused = call(
        emulator, "v2.9/\(Self.comment)/likes", method: method, token: "CAAEmuAlicePublish")
      #expect(refused.status == 400)
      #expect(
        refused.json?["error"]?["message"]
          == "(#3) Publishing likes through the API is only available for page access tokens")
      #expect(refused.json?["error"]?["code"] == 3)
      #expect(refused.json?["error"]?["type"] == "OAuthException")
    }
    let later = call(
      emulator, "v3.0/\(Self.comment)/likes", method: "POST", token: "CAAEmuAlicePublish")
    #expect(later.status == 403)
    #expect(
      later.json?["error"]?["message"]
        == "(#200) This endpoint is deprecated since the required permission publish_actions is deprecated"
    )
    // Alice's like from v2.8 stands; the Page's token adds the Page's.
    let page = call(
      emulator, "v24.0/\(Self.comment)/likes", method: "POST", token: "EAAEmuMarketPage")
    #expect(page.text == #"{"success":true}"#)
    let read = call(
      emulator, "v24.0/\(Self.comment)?\(Self.fields)", token: "EAAEmuMarketPage"
    ).json
    #expect(read?["like_count"] == 2)
    #expect(read?["user_likes"] == true)
    #expect(read?["can_like"] == true)
    let names = call(emulator, "v24.0/\(Self.comment)/likes").json?["data"]?.arrayValue?
      .compactMap { $0["name"]?.stringValue }
    #expect(names == ["Alice Whitfield", "San Francisco Farmers Market"])
  }

  @Test func withoutPublishActionsTheLikeIsRefusedAndNothingChanges() {
    let emulator = GraphEmulator()
    let refused = call(emulator, "\(Self.comment)/likes", method: "POST")
    #expect(refused.status == 403)
    #expect(
      refused.json?["error"]?["message"] == "(#200) Requires extended permission: publish_actions")
    #expect(refused.json?["error"]?["code"] == 200)
    #expect(refused.json?["error"]?["type"] == "OAuthException")
    #expect(call(emulator, "\(Self.comment)?fields=like_count").json?["like_count"] == 0)
    #expect(call(emulator, "\(Self.comment)/likes").json?["data"] == [])
    // The app token reads the comment but may not like it.
    let app = call(
      emulator, "\(Self.comment)?fields=can_like,user_likes",
      token: "\(OAuthTokenTests.app)|EmuAppToken"
    ).json
    #expect(app?["can_like"] == false)
    #expect(app?["user_likes"] == false)
  }

  @Test func likingTwiceAndUnlikingWhatWasNotLikedChangeNothing() {
    let emulator = GraphEmulator()
    for _ in 0..<2 {
      let liked = call(emulator, "\(Self.comment)/likes", method: "POST", token: "CAAEmuBob")
      #expect(liked.text == #"{"success":true}"#)
    }
    let likes = call(emulator, "\(Self.comment)/likes?summary=true").json
    #expect(likes?["data"]?.arrayValue?.count == 1)
    #expect(likes?["summary"]?["total_count"] == 1)
    #expect(call(emulator, "\(Self.comment)?fields=like_count").json?["like_count"] == 1)
    // Alice never liked it: her unlike leaves Bob's like and the count alone.
    let unliked = call(
      emulator, "\(Self.comment)/likes", method: "DELETE", token: "CAAEmuAlicePublish")
    #expect(unliked.text == #"{"success":true}"#)
    #expect(call(emulator, "\(Self.comment)?fields=like_count").json?["like_count"] == 1)
    #expect(call(emulator, "\(Self.comment)/likes").json?["data"]?.arrayValue?.count == 1)
  }

  @Test func aDeletedCommentCannotBeLiked() throws {
    let emulator = GraphEmulator()
    let made = call(
      emulator, "\(Self.post)/comments", method: "POST", token: "CAAEmuBob",
      form: [("message", "Soon gone")])
    let id = try #require(made.json?["id"]?.stringValue)
    #expect(call(emulator, "\(id)/likes", method: "POST", token: "CAAEmuBob").status == 200)
    #expect(call(emulator, id, method: "DELETE", token: "CAAEmuBob").text == #"{"success":true}"#)
    let refused = call(emulator, "\(id)/likes", method: "POST", token: "CAAEmuBob")
    #expect(refused.status == 400)
    #expect(refused.json?["error"]?["code"] == 100)
    #expect(refused.json?["error"]?["error_subcode"] == 33)
    #expect(
      refused.json?["error"]?["message"]?.stringValue?.hasPrefix(
        "Unsupported post request. Object with ID '\(id)' does not exist") == true)
    #expect(call(emulator, "\(id)/likes").json?["error"]?["error_subcode"] == 33)
  }

  /// A world made from a recording keeps the count Graph answered: a like adds to it.
  @Test func aRecordedCountIsKeptAndMovedByTheWrites() throws {
    var world = World.default
    var node = try #require(world.nodes[Self.comment])
    node.fields["like_count"] = 7
    world.nodes[Self.comment] = node
    let emulator = GraphEmulator(world: world)
    #expect(
      call(emulator, "\(Self.comment)/likes", method: "POST", token: "CAAEmuBob").status == 200)
    #expect(call(emulator, "\(Self.comment)?fields=like_count").json?["like_count"] == 8)
    #expect(
      call(emulator, "\(Self.comment)/likes", method: "DELETE", token: "CAAEmuBob").status == 200)
    #expect(call(emulator, "\(Self.comment)?fields=like_count").json?["like_count"] == 7)
  }

  @Test func aCommentDeclaresItsLikesEdge() throws {
    let edge = try #require(Schema.comment.edge("likes"))
    #expect(edge.target == .user)
    #expect(edge.count == "like_count")
    // The route is the post's: one declaration of `:node/likes` serves both.
    let routes = EmulatorRoutes.edges.filter { $0.pattern == RouteSegment.pattern(":node/likes") }
    #expect(routes.count == 2)
  }
}
