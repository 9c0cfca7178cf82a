import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON
import GraphLive
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 42: `world --from` on a session that writes, then `verify --world` on the same
/// recording, with no drift. The world is the one the session started from: what its own
/// writes made is not in it, what it deleted stays, and each person's token is theirs.
@Suite(.serialized) struct RecordedWorldSessionTests {
  /// `world --from file`, then `verify --world` of the same file: the two outputs.
  static func worldThenVerify(_ file: String, in dir: ScratchDirectory) async -> (
    world: String, status: ExplorerCLI.ExitStatus, verify: String
  ) {
    let world = dir.file("w.json")
    let made = CapturingConsole()
    _ = await GraphExplorer.main(
      arguments: ["world", "--from", file, "-o", world], console: made)
    let console = CapturingConsole()
    let status = await GraphExplorer.main(
      arguments: ["verify", "--world", world, file], console: console)
    return (made.output + made.errors, status, console.output + console.errors)
  }

  /// `lines` recorded in the REPL (after `token TOKEN` when given) into a scratch cassette:
  /// its folder and path.
  static func recordedInREPL(_ name: String, _ lines: String, token: String? = nil) async -> (
    ScratchDirectory, String
  ) {
    let dir = ScratchDirectory(name)
    let file = dir.file("s.json")
    let start = token.map { "token \($0)\n" } ?? ""
    let run = await ScriptModeTests.run(
      start + "record \(file)\n" + lines + "\nrecord stop\n", ["--no-color"])
    #expect(run.status == .success, "\(run.errors)")
    return (dir, file)
  }

  /// A REPL session from a fresh start: login, grant, a post, a comment on it, the comments
  /// and the feed read, the comment deleted, both read again. Before, the world held the post
  /// and the comment and the replayed post listed twice in the feed (2 of 10 drifted).
  @Test func aREPLSessionThatWritesVerifiesOnItsOwnWorld() async throws {
    let (dir, file) = await Self.recordedInREPL(
      "world-session-repl",
      """
      login alice read_stream user_posts
      grant publish_actions
      POST me/feed message=hi
      let pid = $last.id
      POST $pid/comments message=c
      let cid = $last.id
      GET $pid/comments
      GET $pid?fields=message,comments
      GET me/feed?limit=3
      DELETE $cid
      GET $pid/comments
      GET me/feed?limit=3
      """)
    defer { dir.remove() }
    let (made, status, output) = await Self.worldThenVerify(file, in: dir)
    #expect(made.contains("nothing added over the default world"), "\(made)")
    #expect(status == .success, "\(output)")
    #expect(output.contains("10 interaction(s), no drift"), "\(output)")
  }

  /// Two people through `serve --record`, each with a token of their own: Alice posts, Bob
  /// reads himself, his permissions and friends and comments on her post, she comments too,
  /// he deletes his comment, she reads the comments, her feed and her friends. Before, every
  /// token went as one `me` (6 of 12 drifted).
  @Test func twoPeoplesSessionThroughServeRecordVerifiesOnItsOwnWorld() async throws {
    let (file, scratch) = try await SessionVerifyTests.recorded("people") { base, client in
      let alice = "CAAEmuAlicePublish"
      let bob = "CAAEmuBob"
      func get(_ path: String, _ token: String) async throws -> HTTPResponse {
        let mark = path.contains("?") ? "&" : "?"
        return try await client.send(
          HTTPRequest(url: base + "/v2.5/" + path + mark + "access_token=" + token))
      }
      func post(_ path: String, _ token: String, _ message: String) async throws -> String {
        let answer = try await client.send(
          SessionVerifyTests.form(
            base + "/v2.5/" + path, [("access_token", token), ("message", message)]))
        return try #require(try SessionVerifyTests.json(answer)["id"]?.stringValue)
      }
      _ = try await get("me?fields=id,name", alice)
      let postID = try await post("me/feed", alice, "hi")
      _ = try await get("me?fields=id,name", bob)
      _ = try await get("me/permissions", bob)
      _ = try await get("me/friends?limit=3", bob)
      let bobs = try await post(postID + "/comments", bob, "bob says")
      _ = try await post(postID + "/comments", alice, "alice says")
      _ = try await get(postID + "/comments", bob)
      let gone = try await client.send(
        HTTPRequest(method: "DELETE", url: base + "/v2.5/\(bobs)?access_token=\(bob)"))
      #expect(gone.status == 200)
      let left = try await get(postID + "/comments", alice)
      #expect(left.bodyText.contains("alice says") && !left.bodyText.contains("bob says"))
      _ = try await get("me/feed?limit=2", alice)
      _ = try await get("me/friends?limit=3", alice)
    }
    defer { scratch.remove() }
    let (made, status, output) = await Self.worldThenVerify(file, in: scratch)
    #expect(made.contains("nothing added over the default world"), "\(made)")
    #expect(status == .success, "\(output)")
    #expect(
      output.contains(
        "<ACCESS_TOKEN_1> sent as the world's token CAAEmuRecorded2 of 100001000000001"),
      "\(output)")
    #expect(
      output.contains(
        "<ACCESS_TOKEN_2> sent as the world's token CAAEmuRecorded3 of 100001000000002"),
      "\(output)")
    #expect(output.contains("12 interaction(s), no drift"), "\(output)")

    // Against a fresh emulator too, each token as its person's test token (10 of 12 drifted).
    let (fresh, plain) = await SessionVerifyTests.verify(file)
    #expect(fresh == .success, "\(plain)")
    for line in [
      "<ACCESS_TOKEN_1> sent as the emulator's test token CAAEmuAlicePublish of 100001000000001",
      "<ACCESS_TOKEN_2> sent as the emulator's test token CAAEmuBob of 100001000000002",
      "12 interaction(s), no drift",
    ] {
      #expect(plain.contains(line), "\(line)\n\(plain)")
    }
  }

  /// `write` recorded in the REPL with `token` between two reads of `post`'s `edge`, then
  /// `world --from` and `verify --world`: no drift; the world's list of the edge.
  static func edgeAroundWrite(
    _ edge: String, of post: String, _ write: String, token: String
  ) async throws -> [String] {
    let read = "GET \(post)/\(edge)"
    let (dir, file) = await recordedInREPL(
      "world-session-\(edge)", read + "\n" + write + "\n" + read, token: token)
    defer { dir.remove() }
    let (_, status, output) = await worldThenVerify(file, in: dir)
    #expect(status == .success, "\(output)")
    #expect(output.contains("3 interaction(s), no drift"), "\(output)")
    let world = try World.load(argument: dir.file("w.json"))
    return (world.jsonValue["edges"]?[post]?[edge]?.arrayValue ?? []).compactMap(\.stringValue)
  }

  /// A comment the world had before the session, deleted by it, stays in the world on the
  /// edge the first read listed it on, though the read after the delete lists the edge without
  /// it. Before, the second read emptied it and the replayed DELETE got 100 (1 of 3 drifted).
  @Test func whatTheSessionDeletedStaysInTheWorld() async throws {
    let comments = try await Self.edgeAroundWrite(
      "comments", of: "100001000000001_10152000000100", "DELETE 10152000000100_9000",
      token: "CAAEmuBob")
    #expect(comments == ["10152000000100_9000", "10152000000100_9001"])
  }

  /// A like the session made is not in the world: Alice likes her post between two reads of
  /// its likes. Before, the world listed her already, so the first read drifted (1 of 3).
  @Test func aLikeTheSessionMadeIsNotInTheWorld() async throws {
    let post = "100001000000001_10152000000098"
    let likes = try await Self.edgeAroundWrite(
      "likes", of: post, "POST \(post)/likes", token: "CAAEmuAlicePublish")
    #expect(!likes.contains("100001000000001"), "\(likes)")
    #expect(!likes.isEmpty)
  }

  /// Bob likes a comment before any read of it, reads its `like_count` (alone and expanded from
  /// the post), unlikes and likes it again: the world keeps the count the session started
  /// from. Before, it kept the 1 the reads showed and the replayed like made it 2 (the reads
  /// after the first like drifted).
  @Test func aCommentsLikeCountIsTheOneBeforeTheSession() async throws {
    let comment = "10152000000100_9000"
    let (dir, file) = await Self.recordedInREPL(
      "world-comment-like",
      """
      POST \(comment)/likes
      GET \(comment)?fields=like_count,user_likes
      GET 100001000000001_10152000000100?fields=comments{like_count}
      DELETE \(comment)/likes
      POST \(comment)/likes
      GET \(comment)?fields=like_count
      """, token: "CAAEmuBob")
    defer { dir.remove() }
    let (_, status, output) = await Self.worldThenVerify(file, in: dir)
    #expect(status == .success, "\(output)")
    #expect(output.contains("6 interaction(s), no drift"), "\(output)")
    let world = try World.load(argument: dir.file("w.json"))
    let node = world.jsonValue["nodes"]?.arrayValue?.first { $0["id"]?.stringValue == comment }
    #expect(node?["fields"]?["like_count"] == 0)
  }

  /// A photo uploaded in a batch and read back through `{result=}` (the upload's own answer
  /// omitted), then `me/photos`, through `serve --record`: the photo is the session's, so not
  /// in the world, and the batch's write shows the token could publish. Before, the world
  /// listed the photo already and `me/photos` listed it twice (1 of 2 drifted).
  @Test func aBatchUploadReadBackThroughResultIsTheSessions() async throws {
    let (file, scratch) = try await SessionVerifyTests.recorded("batch") { base, client in
      let token = "CAAEmuAlicePublish"
      let uploaded = try await SessionVerifyTests.uploadInABatch(base, token, client)
      #expect(uploaded.bodyText.hasPrefix("[null,"), "\(uploaded.bodyText)")
      let photos = try await client.send(
        HTTPRequest(url: base + "/v2.2/me/photos?fields=id&limit=3&access_token=\(token)"))
      #expect(photos.status == 200)
    }
    defer { scratch.remove() }
    let (made, status, output) = await Self.worldThenVerify(file, in: scratch)
    #expect(made.contains("nothing added over the default world"), "\(made)")
    #expect(status == .success, "\(output)")
    #expect(output.contains("2 interaction(s), no drift"), "\(output)")
  }

  /// A person's token and a Page's token in one recording through `serve --record`, the Page's
  /// `me` read last: the Page's token is the Page's, acting through the world's default user,
  /// and `me` stays the person. Before, `me` became the Page and `world --from` made no world
  /// ("a user or Page token needs the id of a user node"); in the other order 1 of 3 drifted.
  @Test func aPagesTokenIsThePagesAndMeStaysAPerson() async throws {
    let page = "146903518661553"
    let (file, scratch) = try await SessionVerifyTests.recorded("page") { base, client in
      for (path, token) in [
        ("me?fields=id,name", "CAAEmuBob"), ("me/feed?limit=1", "EAAEmuMarketPage"),
        ("me?fields=id,name", "EAAEmuMarketPage"),
      ] {
        let answer = try await client.send(
          HTTPRequest(url: base + "/v2.5/\(path)&access_token=\(token)"))
        #expect(answer.status == 200, "\(answer.bodyText)")
      }
    }
    defer { scratch.remove() }
    let (made, status, output) = await Self.worldThenVerify(file, in: scratch)
    #expect(made.contains("default user 100001000000002"), "\(made)")
    #expect(status == .success, "\(output)")
    #expect(output.contains("sent as the world's token CAAEmuRecorded3 of \(page)"), "\(output)")
    #expect(output.contains("3 interaction(s), no drift"), "\(output)")
  }
}
