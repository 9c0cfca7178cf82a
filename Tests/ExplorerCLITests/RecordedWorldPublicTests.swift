import Foundation
import GraphAPI
import GraphEmulator
import GraphTestSupport
import Testing

@testable import ExplorerCLI
@testable import GraphCassette

/// Issue 42's "Done when" on public recordings: a world built `--from` a recording answers
/// every recorded Graph read as recorded. Each cassette here is written after a shape the
/// public Ruby VCR recordings of graph.facebook.com show (docs/cassette-format.md, "World from
/// a recording"): an app of the recording's own with `client_credentials`, a Page read by its
/// name at v2.10, a feed listed for someone else, answers sent as `text/javascript` to clients
/// that sent no `Accept`, another tool's `<CLIENT_ID>`, a post's `attachments`, ads listed
/// without `fields`, URL objects read as `/?id=URL`, a name that is no object (803), and a v1.0
/// friends page whose `next` is by offset although it is the last.
@Suite struct RecordedWorldPublicTests {
  /// One recorded GET of the Graph API.
  struct Step {
    var url: String
    var status = 200
    var body: String
    var version: String?
    var type = "application/json; charset=UTF-8"
    var accept = true
    var date: String
  }

  /// A Ruby VCR 2.x cassette of `steps`.
  static func vcr(_ steps: [Step]) -> String {
    var out = "---\nhttp_interactions:\n"
    for step in steps {
      var lines = [
        "- request:", "    method: get", "    uri: \(step.url)", "    body:",
        "      encoding: US-ASCII", "      string: ''", "    headers:",
        "      User-Agent:", "      - http.rb/2.0.3",
      ]
      if step.accept { lines += ["      Accept:", "      - \"*/*\""] }
      lines += [
        "  response:", "    status:", "      code: \(step.status)", "      message: OK",
        "    headers:", "      Content-Type:", "      - \(step.type)",
      ]
      if let version = step.version {
        lines += ["      Facebook-Api-Version:", "      - \(version)"]
      }
      lines += [
        "    body:", "      encoding: UTF-8", "      string: '\(step.body)'", "    http_version: ",
        "  recorded_at: \(step.date)",
      ]
      out += lines.joined(separator: "\n") + "\n"
    }
    return out + "recorded_with: VCR 2.9.3\n"
  }

  static let appToken = "121500000000001%7CQw3rTy8uIoPaSdFgHjKlZxCvBn0"
  static let userToken = "EAAGZCpublicZCshapesZBtokenZBxyz0123"

  /// The shapes, by file name.
  static let recordings: [String: [Step]] = [
    // An app of the recording's own: its app token read a Page (a gem's client, 2014).
    "own-app.yml": [
      Step(
        url:
          "https://graph.facebook.com/oauth/access_token?client_id=121500000000001&client_secret=0a1b2c3d4e5f60718293a4b5c6d7e8f9&grant_type=client_credentials",
        body: "access_token=121500000000001|Qw3rTy8uIoPaSdFgHjKlZxCvBn0", version: "v1.0",
        type: "text/plain; charset=UTF-8", date: "Tue, 16 Dec 2014 16:54:40 GMT"),
      Step(
        url: "https://graph.facebook.com/150000000000009?access_token=\(appToken)",
        body:
          #"{"id":"150000000000009","name":"Harbour Bakery","category":"Local business","likes":42}"#,
        version: "v1.0", date: "Tue, 16 Dec 2014 16:54:41 GMT"),
    ],
    // A Page read by its name at v2.10, answered as text/javascript to a client without Accept.
    "page-by-name.yml": [
      Step(
        url: "https://graph.facebook.com/v2.10/HarbourBakery?access_token=\(userToken)",
        body: #"{"name":"Harbour Bakery","id":"150000000000009"}"#, version: "v2.10",
        type: "text/javascript; charset=UTF-8", accept: false,
        date: "Sat, 09 Sep 2017 08:00:00 GMT")
    ],
    // A feed listed for an object that is not the reader (a group's, 2016).
    "feed-of-another.yml": [
      Step(
        url: "https://graph.facebook.com/v2.6/150000000000007/feed?access_token=\(userToken)",
        body:
          #"{"data":[{"message":"Meetup on Friday","created_time":"2016-05-04T10:00:00+0000","id":"150000000000007_150000000000702"},{"message":"Welcome!","created_time":"2016-05-01T09:00:00+0000","id":"150000000000007_150000000000701"}],"paging":{"previous":"https:\/\/graph.facebook.com\/v2.6\/150000000000007\/feed?since=1462356000&access_token=x&limit=25&__paging_token=enc_AdAbC&__previous=1"}}"#,
        version: "v2.6", type: "text/javascript; charset=UTF-8", accept: false,
        date: "Wed, 04 May 2016 12:00:00 GMT")
    ],
    // A post's attachments (items without ids) read with a selection (a course's client, 2016).
    "post-attachments.yml": [
      Step(
        url:
          "https://graph.facebook.com/v2.6/150000000000007_150000000000702?access_token=\(userToken)&fields=message,attachments%7Btitle,url%7D",
        body:
          #"{"message":"Meetup on Friday","attachments":{"data":[{"title":"Friday meetup","url":"https:\/\/example.org\/meetup"}]},"id":"150000000000007_150000000000702"}"#,
        version: "v2.6", date: "Wed, 04 May 2016 12:00:00 GMT")
    ],
    // A campaign's ads listed without fields, then an ad's creative read (an ads gem, 2021).
    "ads-without-fields.yml": [
      Step(
        url:
          "https://graph.facebook.com/v11.0/6250000000001?access_token=<FACEBOOK_AD_TOKEN>&fields=id,objective",
        body: #"{"id":"6250000000001","objective":"REACH"}"#, version: "v11.0",
        date: "Thu, 20 May 2021 10:00:00 GMT"),
      Step(
        url:
          "https://graph.facebook.com/v11.0/6250000000001/ads?access_token=<FACEBOOK_AD_TOKEN>&limit=10",
        body:
          #"{"data":[{"id":"6250000000002"}],"paging":{"cursors":{"before":"QVFIUmFk","after":"QVFIUmFk"}}}"#,
        version: "v11.0", date: "Thu, 20 May 2021 10:00:01 GMT"),
      Step(
        url:
          "https://graph.facebook.com/v11.0/6250000000002?access_token=<FACEBOOK_AD_TOKEN>&fields=id,creative",
        body: #"{"id":"6250000000002","creative":{"id":"6250000000003"}}"#, version: "v11.0",
        date: "Thu, 20 May 2021 10:00:02 GMT"),
    ],
    // URL objects read as `/?id=URL` with no token, at v1.0 and at v2.2 (a share counter, 2015).
    "url-objects.yml": [
      Step(
        url: "http://graph.facebook.com/?id=http://example.org",
        body: #"{"id":"http:\/\/example.org","shares":1208,"comments":101}"#, version: "v1.0",
        date: "Thu, 09 Apr 2015 17:30:23 GMT"),
      Step(
        url: "http://graph.facebook.com/?id=http://example.net",
        body:
          #"{"og_object":{"id":"10150174056578573","description":"An example","title":"Example","type":"website","updated_time":"2016-11-15T18:53:29+0000"},"share":{"comment_count":0,"share_count":25709},"id":"http:\/\/example.net"}"#,
        version: "v2.2", date: "Fri, 18 Nov 2016 07:42:06 GMT"),
    ],
    // v1.0 (2013): a friends page of one, with `next` by offset although it is the last.
    "friends-v1.yml": [
      Step(
        url: "https://graph.facebook.com/me?access_token=\(userToken)",
        body:
          #"{"id":"100006483400001","name":"Taro Example","first_name":"Taro","last_name":"Example","gender":"male"}"#,
        date: "Sat, 27 Jul 2013 22:04:15 GMT"),
      Step(
        url: "https://graph.facebook.com/me/friends?access_token=\(userToken)",
        body:
          #"{"data":[{"name":"Nancy Example","id":"100006521400002"}],"paging":{"next":"https:\/\/graph.facebook.com\/100006483400001\/friends?access_token=\#(userToken)&limit=5000&offset=5000&__after_id=100006521400002"}}"#,
        date: "Fri, 02 Aug 2013 05:40:39 GMT"),
    ],
    // A name that is no object, read with a token: 803 (a course's client, 2016).
    "unknown-alias.yml": [
      Step(
        url: "https://graph.facebook.com/v2.8/_12345?access_token=\(userToken)&fields=id,name",
        status: 404,
        body:
          #"{"error":{"message":"(#803) Some of the aliases you requested do not exist: _12345","type":"OAuthException","code":803,"fbtrace_id":"FnDKhbBz2Xo"}}"#,
        version: "v2.8", date: "Wed, 14 Dec 2016 10:00:00 GMT")
    ],
    // Another tool's placeholders for the app's id and secret, then a read with its token.
    "client-id-placeholder.yml": [
      Step(
        url:
          "https://graph.facebook.com/v2.8/oauth/access_token?client_id=<CLIENT_ID>&client_secret=<CLIENT_SECRET>&grant_type=client_credentials",
        body: #"{"access_token":"<ACCESS_TOKEN>","token_type":"bearer"}"#, version: "v2.8",
        accept: false, date: "Fri, 16 Dec 2016 10:00:00 GMT"),
      Step(
        url: "https://graph.facebook.com/v2.8/150000000000009?access_token=<ACCESS_TOKEN>",
        body: #"{"name":"Harbour Bakery","id":"150000000000009"}"#,
        version: "v2.8", date: "Fri, 16 Dec 2016 10:00:01 GMT"),
    ],
    // A post read with fields at v2.6, then without a version or fields, answered at v2.6 (the
    // app's default version) with only what v2.4's declared fields show (a course's client,
    // 2016).
    "unversioned-post.yml": [
      Step(
        url:
          "https://graph.facebook.com/v2.6/150000000000007_150000000000702?access_token=\(userToken)&fields=name,message,created_time",
        body:
          #"{"name":"Friday meetup","message":"Meetup on Friday","created_time":"2016-05-04T10:00:00+0000","id":"150000000000007_150000000000702"}"#,
        version: "v2.6", date: "Wed, 04 May 2016 12:00:00 GMT"),
      Step(
        url:
          "https://graph.facebook.com/150000000000007_150000000000702?access_token=\(userToken)",
        body:
          #"{"message":"Meetup on Friday","created_time":"2016-05-04T10:00:00+0000","id":"150000000000007_150000000000702"}"#,
        version: "v2.6", type: "text/javascript; charset=UTF-8", accept: false,
        date: "Wed, 04 May 2016 12:00:01 GMT"),
    ],
    // Reads without a token (a gem's client, 2014): a Page's name Graph knew is 104, a name it
    // did not 803, before the token is looked at.
    "names-without-token.yml": [
      Step(
        url: "https://graph.facebook.com/HarbourBakery/posts?fields=id,message&limit=20",
        status: 400,
        body:
          #"{"error":{"message":"An access token is required to request this resource.","type":"OAuthException","code":104}}"#,
        version: "v2.2", date: "Tue, 16 Dec 2014 19:20:06 GMT"),
      Step(
        url: "https://graph.facebook.com/a1b2c3d4e5f6/posts?fields=id,message&limit=20",
        status: 404,
        body:
          #"{"error":{"message":"(#803) Some of the aliases you requested do not exist: a1b2c3d4e5f6","type":"OAuthException","code":803}}"#,
        version: "v2.2", date: "Tue, 16 Dec 2014 19:20:07 GMT"),
    ],
    // koala's VCR filter writes `********************` over every token (2017).
    "token-mask.yml": [
      Step(
        url: "https://graph.facebook.com/v2.8/150000000000009?access_token=********************",
        body: #"{"name":"Harbour Bakery","id":"150000000000009"}"#, version: "v2.8",
        date: "Tue, 03 Jan 2017 08:00:00 GMT")
    ],
    // A test that sent the app secret as a Page's name: 803 naming the secret's placeholder
    // (a gem's client, 2015).
    "secret-as-name.yml": [
      Step(
        url: "https://graph.facebook.com/v2.3/150000000000009?access_token=\(userToken)",
        body: #"{"name":"Harbour Bakery","id":"150000000000009"}"#, version: "v2.3",
        date: "Tue, 19 May 2015 08:00:00 GMT"),
      Step(
        url:
          "https://graph.facebook.com/v2.3/<APP_SECRET_1>/posts?access_token=\(userToken)&fields=id,message&limit=20",
        status: 404,
        body:
          #"{"error":{"message":"(#803) Some of the aliases you requested do not exist: <APP_SECRET_1>","type":"OAuthException","code":803}}"#,
        version: "v2.3", date: "Tue, 19 May 2015 08:00:01 GMT"),
    ],
  ]

  /// A group's feed read twice (a course's client, 2016): the later read, a page of two with a
  /// next, lists first what was posted since the earlier one. A world is one moment, so only
  /// the later read can be answered as recorded (the earlier one gets the later post too).
  static let feedReadTwice: [Step] = [
    Step(
      url: "https://graph.facebook.com/v2.6/150000000000007/feed?access_token=\(userToken)",
      body:
        #"{"data":[{"message":"Welcome!","created_time":"2016-05-01T09:00:00+0000","id":"150000000000007_150000000000701"},{"message":"Group made","created_time":"2016-04-30T09:00:00+0000","id":"150000000000007_150000000000700"}]}"#,
      version: "v2.6", date: "Sun, 01 May 2016 12:00:00 GMT"),
    Step(
      url:
        "https://graph.facebook.com/v2.6/150000000000007/feed?access_token=\(userToken)&limit=2",
      body:
        #"{"data":[{"message":"Meetup on Friday","created_time":"2016-05-04T10:00:00+0000","id":"150000000000007_150000000000702"},{"message":"Welcome!","created_time":"2016-05-01T09:00:00+0000","id":"150000000000007_150000000000701"}],"paging":{"previous":"https:\/\/graph.facebook.com\/v2.6\/150000000000007\/feed?since=1462356000&access_token=x&limit=2&__paging_token=enc_AdAbC&__previous=1","next":"https:\/\/graph.facebook.com\/v2.6\/150000000000007\/feed?access_token=x&limit=2&until=1462093199&__paging_token=enc_AdAbD"}}"#,
      version: "v2.6", date: "Wed, 04 May 2016 12:00:00 GMT"),
  ]

  /// Builds a world from the recording `name` (`steps`, else the shape of that name) and
  /// verifies the recording against it.
  static func run(_ name: String, steps: [Step]? = nil) async throws -> (
    made: ScriptModeTests.Run, verified: ScriptModeTests.Run, world: String
  ) {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let cassette = scratch.file(name)
    try Data(vcr(steps ?? recordings[name] ?? []).utf8).write(to: URL(fileURLWithPath: cassette))
    let (world, made, verified) = await RecordedWorldTests.worldAndVerify(cassette, in: scratch)
    return (made, verified, (try? String(contentsOfFile: world, encoding: .utf8)) ?? "")
  }

  @Test(arguments: recordings.keys.sorted())
  func everyRecordedReadOfEachShapeIsAnsweredAsRecorded(_ name: String) async throws {
    let (made, verified, _) = try await Self.run(name)
    #expect(made.status == .success, "\(made.errors)")
    let count = Self.recordings[name]?.count ?? 0
    #expect(verified.output.contains("\(count) interaction(s), no drift"), "\(verified.output)")
  }

  @Test func aFeedReadAgainListsWhatWasPostedSinceInTheLaterReadsOrder() async throws {
    let (made, verified, world) = try await Self.run(
      "feed-read-twice.yml", steps: Self.feedReadTwice)
    #expect(made.status == .success, "\(made.errors)")
    #expect(verified.output.contains("ok    #2 GET"), "\(verified.output)")
    let edges = try #require(world.range(of: #""edges""#))
    let later = try #require(
      world.range(of: "_150000000000702", range: edges.upperBound..<world.endIndex))
    let earlier = try #require(
      world.range(of: "_150000000000701", range: edges.upperBound..<world.endIndex))
    #expect(later.lowerBound < earlier.lowerBound, "\(world)")
  }

  @Test func aRecordedEdgeListMergesEachAnswerInItsOrder() {
    var list = RecordedEdgeList(["c", "d"])
    list.merge(["a", "b", "c", "x", "d", "e", "a"])
    #expect(list.ids == ["a", "b", "c", "x", "d", "e"])
    list.merge(["f", "g"])
    #expect(list.ids == ["a", "b", "c", "x", "d", "e", "f", "g"])
  }

  @Test func theRecordingsOwnAppIsTheWorldsApp() async throws {
    let (_, _, world) = try await Self.run("own-app.yml")
    #expect(world.contains(#""id": "121500000000001""#), "\(world.prefix(300))")
    #expect(world.contains("121500000000001|EmuAppToken"))
    #expect(!world.contains("233936543368280"), "no mention of the base app is left")
  }

  @Test func aPersonsPagesDoNotMakeThemTheApp() throws {
    var builder = RecordedWorld(base: .default)
    builder.learn(
      Interaction(
        request: HTTPRequest(
          .get, url: "https://graph.facebook.com/v2.2/100003456789012/accounts?access_token=x"),
        response: HTTPResponse(
          status: 200,
          body: Array(
            #"{"data":[{"category":"Bakery","name":"Harbour Bakery","id":"150000000000009"}]}"#.utf8
          )),
        recordedAt: "2015-06-03T08:00:00Z"))
    #expect(builder.recordedApp == nil)
    builder.learn(
      Interaction(
        request: HTTPRequest(
          .get, url: "https://graph.facebook.com/v2.8/119900000000001/accounts?access_token=x"),
        response: HTTPResponse(
          status: 200,
          body: Array(
            #"{"data":[{"id":"131600000000001","login_url":"https:\/\/developers.facebook.com\/checkpoint\/test-user-login\/131600000000001\/"}]}"#
              .utf8)),
        recordedAt: "2017-01-03T08:00:00Z"))
    #expect(builder.recordedApp == "119900000000001")
  }

  @Test func anObjectReadByNameFromV2IsAPage() async throws {
    let (_, _, world) = try await Self.run("page-by-name.yml")
    #expect(world.contains(#""harbourbakery": "150000000000009""#))
    let node = world.range(of: #""id": "150000000000009""#).map { world[$0.lowerBound...] }
    #expect(node?.prefix(80).contains(#""type": "page""#) == true, "\(node?.prefix(80) ?? "")")
  }

  @Test func aURLReadByIDIsAURLObject() async throws {
    let (_, _, world) = try await Self.run("url-objects.yml")
    let node = world.range(of: #""id": "http://example.org""#).map { world[$0.lowerBound...] }
    #expect(node?.prefix(200).contains(#""type": "url""#) == true, "\(node?.prefix(200) ?? "")")
  }

  @Test func anotherToolsClientIDIsSentAsTheWorldsApp() async throws {
    let (_, verified, _) = try await Self.run("client-id-placeholder.yml")
    #expect(
      verified.output.contains("<CLIENT_ID> sent as the emulator's app id 233936543368280"),
      "\(verified.output)")
  }

  @Test func aMaskWhereATokenGoesIsSentAsATestTokenSayingSo() async throws {
    let (_, verified, _) = try await Self.run("token-mask.yml")
    #expect(
      verified.output.contains(
        "******************** sent as the emulator's default test token CAAEmuAlice"),
      "\(verified.output)")
  }

  @Test func aMaskIsAPlaceholderOnlyWhereASecretGoes() {
    #expect(VerifyScope.placeholders(inText: "a?access_token=****&b=1") == ["****"])
    #expect(VerifyScope.placeholders(inText: "Authorization: OAuth ********") == ["********"])
    #expect(VerifyScope.placeholders(inText: "a?q=****&access_token=**") == [])
    #expect(VerifyScope.placeholders(inText: "a?access_token=***x") == [])
  }

  @Test func aSecretTheTargetEchoesIsComparedAsItsPlaceholder() async throws {
    let (_, verified, _) = try await Self.run("secret-as-name.yml")
    #expect(!verified.output.contains(World.default.app.secret), "\(verified.output)")
  }
}
