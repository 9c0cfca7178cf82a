import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON
import GraphLive
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 42: `verify` against a fresh emulator (no `--world`) follows a Page's token. A token
/// `me/accounts` listed is the token the target's `me/accounts` gives for the same Page at the
/// same step, read with a token of the person holding `pages_show_list`; a Page token used
/// without it is the emulator's token of the Page the recording's answers show. Before, every
/// token went as the default user's and each session drifted.
@Suite(.serialized) struct VerifyPageTokenTests {
  static let page = "146903518661553"

  /// Expects each of `lines` in `output`.
  static func expect(_ lines: [String], in output: String) {
    for line in lines where !output.contains(line) {
      Issue.record("missing: \(line)\n\(output)")
    }
  }

  /// A post to `edge` with `token`, read back: it is from the Page.
  static func postAndReadBack(
    _ base: String, _ edge: String, _ token: String, _ client: CurlTransport
  ) async throws {
    let post = try SessionVerifyTests.json(
      try await client.send(
        SessionVerifyTests.form(
          base + "/v2.5/" + edge, [("access_token", token), ("message", "market news")])))
    let id = try #require(post["id"]?.stringValue)
    let read = try await get(base, "\(id)?fields=message,from", token, client)
    #expect(read.bodyText.contains(#""id":"\#(page)""#), "\(read.bodyText)")
  }

  /// `GET path` with `token` through `client`; the answer must be 200.
  static func get(_ base: String, _ path: String, _ token: String, _ client: CurlTransport)
    async throws -> HTTPResponse
  {
    let mark = path.contains("?") ? "&" : "?"
    let answer = try await client.send(
      HTTPRequest(url: base + "/v2.5/" + path + mark + "access_token=" + token))
    #expect(answer.status == 200, "\(path): \(answer.bodyText)")
    return answer
  }

  /// (a) The person reads `me/accounts`, then uses the Page token it lists: `me`, the Page's
  /// feed, a post as the Page, read back. Before, 4 of 5 drifted (the default token lists no
  /// Page, so no Page token was minted).
  @Test func aTokenMeAccountsListedIsTheTargetsTokenForThatPage() async throws {
    let (file, scratch) = try await SessionVerifyTests.recorded("page-listed") { base, client in
      let accounts = try SessionVerifyTests.json(
        try await Self.get(base, "me/accounts", "CAAEmuAlicePages", client))
      let item = accounts["data"]?.arrayValue?.first { $0["id"]?.stringValue == Self.page }
      let token = try #require(item?["access_token"]?.stringValue)
      let me = try await Self.get(base, "me?fields=id,name", token, client)
      #expect(me.bodyText.contains(Self.page))
      _ = try await Self.get(base, "me/feed?limit=1", token, client)
      try await Self.postAndReadBack(base, "me/feed", token, client)
    }
    defer { scratch.remove() }
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(!text.contains("EAAEmuMarketPage") && !text.contains("CAAEmuAlicePages"))
    let (status, output) = await SessionVerifyTests.verify(file)
    #expect(status == .success, "\(output)")
    Self.expect(
      [
        "<ACCESS_TOKEN_1> sent as the emulator's test token CAAEmuAlicePages of 100001000000001",
        "<PAGE_ACCESS_TOKEN_1> followed: sent as what the target answers at #1",
        "5 interaction(s), no drift",
      ], in: output)
  }

  /// (b) The Page's published token used with no `me/accounts` read, beside a person's
  /// (`RecordedWorldSessionTests.aPagesTokenIsThePagesAndMeStaysAPerson`, which passed only
  /// with `--world`): each goes as the emulator's token of whom `me` answered. Before, both
  /// went as the default token (3 of 3 drifted).
  @Test func aPageTokenUsedAloneIsTheEmulatorsTokenOfThePageMeAnswered() async throws {
    let (file, scratch) = try await SessionVerifyTests.recorded("page-alone") { base, client in
      for (path, token) in [
        ("me?fields=id,name", "CAAEmuBob"), ("me/feed?limit=1", "EAAEmuMarketPage"),
        ("me?fields=id,name", "EAAEmuMarketPage"),
      ] {
        _ = try await Self.get(base, path, token, client)
      }
    }
    defer { scratch.remove() }
    let (status, output) = await SessionVerifyTests.verify(file)
    #expect(status == .success, "\(output)")
    Self.expect(
      [
        "<ACCESS_TOKEN_1> sent as the emulator's test token CAAEmuBob of 100001000000002",
        "<ACCESS_TOKEN_2> sent as the emulator's Page token EAAEmuMarketPage of \(Self.page): "
          + "the Page the recording's answers show it acting as",
        "3 interaction(s), no drift",
      ], in: output)
  }

  /// (b) The Page's token alone: it reads itself and posts as the Page.
  @Test func aPageTokenThatPostsAsThePageVerifies() async throws {
    let (file, scratch) = try await SessionVerifyTests.recorded("page-posts") { base, client in
      _ = try await Self.get(base, "me?fields=id,name", "EAAEmuMarketPage", client)
      let post = try await client.send(
        SessionVerifyTests.form(
          base + "/v2.5/me/feed", [("access_token", "EAAEmuMarketPage"), ("message", "open")]))
      #expect(post.status == 200, "\(post.bodyText)")
      _ = try await Self.get(
        base, "me/feed?limit=1&fields=message,from", "EAAEmuMarketPage", client)
    }
    defer { scratch.remove() }
    let (status, output) = await SessionVerifyTests.verify(file)
    #expect(status == .success, "\(output)")
    #expect(
      output.contains("sent as the emulator's Page token EAAEmuMarketPage of \(Self.page)"),
      "\(output)")
    #expect(output.contains("3 interaction(s), no drift"), "\(output)")
  }

  /// (b) The Page's token with no `me` read: it posts on the Page's feed by the Page's id and
  /// reads the post back, `from` the Page. Before, it went as the default token (403), or,
  /// with only the `me` rule, as Alice's token holding `publish_actions`, so the post was hers
  /// (3 of 3 drifted).
  @Test func aPageTokenThatPostsByThePagesIDIsThePagesAsItsPostShows() async throws {
    let (file, scratch) = try await SessionVerifyTests.recorded("page-id") { base, client in
      let token = "EAAEmuMarketPage"
      try await Self.postAndReadBack(base, "\(Self.page)/feed", token, client)
      _ = try await Self.get(base, "\(Self.page)/feed?limit=2&fields=from", token, client)
    }
    defer { scratch.remove() }
    let (status, output) = await SessionVerifyTests.verify(file)
    #expect(status == .success, "\(output)")
    Self.expect(
      [
        "<ACCESS_TOKEN_1> sent as the emulator's Page token EAAEmuMarketPage of \(Self.page)",
        "3 interaction(s), no drift",
      ], in: output)
  }

  /// The same in the REPL: `login` with `manage_pages`, `GET me/accounts`, the Page's token
  /// taken from the answer, used to read and to post as the Page. The REPL keeps the
  /// emulator's published tokens as they are, so this passed before too; it verifies against
  /// a fresh emulator and against the world built from it.
  @Test func aREPLSessionThatTakesThePagesTokenVerifies() async throws {
    let (dir, file) = await RecordedWorldSessionTests.recordedInREPL(
      "page-repl",
      """
      login alice manage_pages
      GET me/accounts
      token $last.data[0].access_token
      GET me?fields=id,name
      GET me/feed?limit=1
      POST me/feed message=news
      GET $last.id?fields=message,from
      """)
    defer { dir.remove() }
    let (status, output) = await SessionVerifyTests.verify(file)
    #expect(status == .success, "\(output)")
    #expect(output.contains("6 interaction(s), no drift"), "\(output)")
    let (_, worldStatus, world) = await RecordedWorldSessionTests.worldThenVerify(file, in: dir)
    #expect(worldStatus == .success, "\(world)")
    #expect(world.contains("6 interaction(s), no drift"), "\(world)")
  }
}
