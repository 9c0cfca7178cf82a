import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

/// Issue 42: what a replayed session learns from each recorded answer and the target's, and
/// how it rewrites later requests.
@Suite struct SessionFollowerTests {
  static func answer(_ text: String, type: String = "application/json") -> HTTPResponse {
    HTTPResponse(status: 200, headers: ["Content-Type": type], body: Array(text.utf8))
  }

  static let postFeed = HTTPRequest(method: "POST", url: "https://graph.facebook.com/v2.2/me/feed")

  @Test func aTokenInAFormAnswerIsFollowedInLaterQueriesAndBodies() {
    var follower = SessionFollower()
    follower.learn(
      request: HTTPRequest(url: "https://graph.facebook.com/oauth/access_token"),
      recorded: Self.answer("access_token=<ACCESS_TOKEN_1>", type: "text/plain"),
      actual: Self.answer("access_token=123|abc", type: "text/plain"), number: 1)
    let later = HTTPRequest(
      method: "POST", url: "https://graph.facebook.com/v2.2/123/accounts/test-users",
      headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array("access_token=<ACCESS_TOKEN_1>&installed=true".utf8))
    let sent = follower.rewrite(
      later, substitutions: ["<ACCESS_TOKEN_1>": "CAAEmuAlice"], appSecret: nil)
    #expect(String(decoding: sent.body, as: UTF8.self) == "access_token=123|abc&installed=true")
    #expect(follower.learnedAt["<ACCESS_TOKEN_1>"] == 1)
  }

  /// A Page token `me/accounts` listed is the token the target lists for the same Page: items
  /// are matched by `id` before position, so a target that lists the Pages in another order
  /// (or one more first) still gives each placeholder its own Page's token. Before, the first
  /// recorded token became the target's first, another Page's.
  @Test func aListedPagesTokenIsTheTargetsTokenForTheSamePage() {
    var follower = SessionFollower()
    follower.learn(
      request: HTTPRequest(url: "https://graph.facebook.com/v2.5/me/accounts"),
      recorded: Self.answer(
        #"{"data":[{"access_token":"<PAGE_ACCESS_TOKEN_1>","id":"146903518661553"},"#
          + #"{"access_token":"<PAGE_ACCESS_TOKEN_2>","id":"146903518661554"}]}"#),
      actual: Self.answer(
        #"{"data":[{"access_token":"EAAEmuOther","id":"146903518669999"},"#
          + #"{"access_token":"EAAEmuSecond","id":"146903518661554"},"#
          + #"{"access_token":"EAAEmuMarketPage","id":"146903518661553"}]}"#),
      number: 1)
    #expect(follower.values["<PAGE_ACCESS_TOKEN_1>"] == "EAAEmuMarketPage")
    #expect(follower.values["<PAGE_ACCESS_TOKEN_2>"] == "EAAEmuSecond")
  }

  /// Secrets sent as one value (each app secret's placeholder as the emulator's secret): the
  /// echo is put back as the placeholder the request named (a public recording's 803 naming
  /// `<APP_SECRET_1>`), whatever order the substitutions come in.
  @Test func anEchoOfOneValueSentForSeveralSecretsIsTheRequestsPlaceholder() {
    let follower = SessionFollower()
    let secret = "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"
    var substitutions: [String: String] = [:]
    for n in 1...6 { substitutions["<APP_SECRET_\(n)>"] = secret }
    let request = HTTPRequest(url: "https://graph.facebook.com/<APP_SECRET_4>/posts?limit=20")
    let echo = Self.answer(
      #"{"error":{"message":"(#803) Some of the aliases you requested do not exist: "# + secret
        + #""}}"#)
    let shown = follower.concealed(echo, substitutions: substitutions, request: request)
    #expect(String(decoding: shown.body, as: UTF8.self).contains("exist: <APP_SECRET_4>"))
  }

  @Test func idsMintedByAWriteAreFollowedWhereverTheyStandAlone() {
    var follower = SessionFollower()
    follower.learn(
      request: Self.postFeed, recorded: Self.answer(#"{"id":"100001_101530000000010"}"#),
      actual: Self.answer(#"{"id":"100001_101530000000003"}"#), number: 1)
    follower.learn(
      request: Self.postFeed,
      recorded: Self.answer(#"[{"code":200,"body":"{\"id\":\"101530000000011\"}"}]"#),
      actual: Self.answer(#"[{"code":200,"body":"{\"id\":\"101530000000004\"}"}]"#), number: 2)
    let batch = #"[{"method":"GET","relative_url":"101530000000011?fields=id"}]"#
    let request = HTTPRequest(
      method: "POST",
      url: "https://graph.facebook.com/v2.2/100001_101530000000010?x=a101530000000011&limit=1",
      headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array(("batch=" + PercentEncoding.encode(batch)).utf8))
    let sent = follower.rewrite(request, substitutions: [:], appSecret: nil)
    #expect(
      sent.url
        == "https://graph.facebook.com/v2.2/100001_101530000000003?x=a101530000000011&limit=1")
    let body = String(decoding: sent.body, as: UTF8.self)
    #expect(PercentEncoding.decode(body[...]) == "batch=" + batch.replacingAll("011", with: "004"))
  }

  /// A test user's email, password and name are drawn at creation (the emulator numbers them
  /// by how many test users the app has): learned where an answer first shows them beside
  /// the minted id, unless the creation named them.
  @Test func aMintedTestUsersTextsAreFollowedUnlessTheWriteNamedThem() throws {
    let create = { (name: String?) in
      HTTPRequest(
        method: "POST", url: "https://graph.facebook.com/v2.8/1234/accounts/test-users",
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Array(("installed=true" + (name.map { "&name=" + $0 } ?? "")).utf8))
    }
    let made = { (id: String, tag: String) in
      Self.answer(#"{"id":"\#(id)","email":"open_\#(tag)_user@tfbnw.net","password":"emu\#(tag)"}"#)
    }
    let friends = { (id: String, name: String) in
      Self.answer(#"{"data":[{"name":"\#(name)","id":"\#(id)"}]}"#)
    }
    let read = HTTPRequest(url: "https://graph.facebook.com/v2.8/me/friends")
    var follower = SessionFollower()
    follower.learn(
      request: create(nil), recorded: made("100000000000003", "zfq"),
      actual: made("100000000000001", "kru"), number: 1)
    follower.learn(
      request: read, recorded: friends("100000000000003", "Open Graph Test User 3"),
      actual: friends("100000000000001", "Open Graph Test User 1"), number: 2)
    #expect(
      follower.resolved(made("100000000000003", "zfq")).body
        == made("100000000000001", "kru").body)
    #expect(
      follower.resolved(friends("100000000000003", "Open Graph Test User 3")).body
        == friends("100000000000001", "Open Graph Test User 1").body)
    // Another name beside another id is not learned: it is drift.
    #expect(follower.texts["Open Graph Test User 7"] == nil)
    // A dialog's list of people names the test user: the page is compared with the target's
    // name put in, whole words only.
    let page = Self.answer(
      "<li>Open Graph Test User 3 (100000000000003)</li><li>Open Graph Test User 31</li>",
      type: "text/html")
    #expect(
      follower.resolved(page).bodyText
        == "<li>Open Graph Test User 1 (100000000000001)</li><li>Open Graph Test User 31</li>")

    var named = SessionFollower()
    named.learn(
      request: create("Ann"), recorded: made("100000000000003", "zfq"),
      actual: made("100000000000001", "kru"), number: 1)
    named.learn(
      request: read, recorded: friends("100000000000003", "Ann"),
      actual: friends("100000000000001", "Bea"), number: 2)
    #expect(named.texts["Ann"] == nil)
    #expect(named.texts["open_zfq_user@tfbnw.net"] == "open_kru_user@tfbnw.net")
  }

  /// A picture's CDN URL names the object's id in its file name (`ID_n.jpg`, `ID_o.jpg`): the
  /// recorded one is compared as the target's id (Koala's live suite drifted there).
  @Test func aMintedIdInACDNFileNameIsFollowed() {
    var follower = SessionFollower()
    follower.learn(
      request: Self.postFeed, recorded: Self.answer(#"{"id":"101530000000026"}"#),
      actual: Self.answer(#"{"id":"101530000000024"}"#), number: 1)
    let cdn = "https://fbcdn.example/t31.0-8/"
    let recorded = Self.answer(
      #"{"source":"\#(cdn)101530000000026_o.jpg","other":"\#(cdn)101530000000026x_o.jpg"}"#)
    #expect(
      follower.resolved(recorded).bodyText
        == #"{"source":"\#(cdn)101530000000024_o.jpg","other":"\#(cdn)101530000000026x_o.jpg"}"#)
  }

  @Test func aReadDoesNotMintIds() {
    var follower = SessionFollower()
    follower.learn(
      request: HTTPRequest(url: "https://graph.facebook.com/v2.2/me"),
      recorded: Self.answer(#"{"id":"100001000000001"}"#),
      actual: Self.answer(#"{"id":"100001000000002"}"#), number: 1)
    #expect(follower.values.isEmpty)
  }

  @Test func aDialogsRedirectAndItsFormAreFollowed() {
    var follower = SessionFollower()
    let page = { (key: String) in
      Self.answer(
        #"<form><input type="hidden" name="fb_dtsg" value="\#(key)"></form>"#, type: "text/html")
    }
    follower.learn(
      request: HTTPRequest(url: "https://www.facebook.com/dialog/oauth"), recorded: page("aaa"),
      actual: page("bbb"), number: 1)
    let form = HTTPRequest(
      method: "POST", url: "https://www.facebook.com/dialog/oauth",
      headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array("fb_dtsg=aaa&decision=approve".utf8))
    let sent = follower.rewrite(form, substitutions: [:], appSecret: nil)
    #expect(String(decoding: sent.body, as: UTF8.self) == "fb_dtsg=bbb&decision=approve")
    #expect(follower.resolved(page("aaa")).body == page("bbb").body)

    var redirect = HTTPResponse(status: 302, headers: [:], body: [])
    redirect.headers["Location"] =
      "fb1://authorize/#access_token=<ACCESS_TOKEN_2>&expires_in=5184000"
    var actual = redirect
    actual.headers["Location"] = "fb1://authorize/#access_token=CAAEmuBobZS1&expires_in=5184000"
    follower.learn(request: form, recorded: redirect, actual: actual, number: 2)
    #expect(follower.values["<ACCESS_TOKEN_2>"] == "CAAEmuBobZS1")
  }

  @Test func theProofIsRecomputedForTheTokenSent() {
    let follower = SessionFollower()
    let query = HTTPRequest(
      url:
        "https://graph.facebook.com/me?access_token=<ACCESS_TOKEN_1>&appsecret_proof=<APPSECRET_PROOF_1>"
    )
    let sent = follower.rewrite(
      query, substitutions: ["<ACCESS_TOKEN_1>": "TOKEN"], appSecret: "s3")
    let proof = AppSecretProof.make(accessToken: "TOKEN", appSecret: "s3")
    #expect(sent.url == "https://graph.facebook.com/me?access_token=TOKEN&appsecret_proof=\(proof)")

    let form = MultipartFormData(parts: [
      .init(name: "access_token", body: Array("<ACCESS_TOKEN_1>".utf8)),
      .init(name: "appsecret_proof", body: Array("<APPSECRET_PROOF_1>".utf8)),
    ])
    let upload = HTTPRequest(
      method: "POST", url: "https://graph.facebook.com/me/photos",
      headers: ["Content-Type": form.contentType], body: form.encoded())
    let body = follower.rewrite(
      upload, substitutions: ["<ACCESS_TOKEN_1>": "TOKEN"], appSecret: "s3"
    ).body
    #expect(String(decoding: body, as: UTF8.self).contains("\r\n\r\n\(proof)\r\n"))
  }

  @Test func anotherToolsPlaceholdersAreFound() {
    let request = HTTPRequest(
      url: "https://graph.facebook.com/act_1/ads?access_token=<FACEBOOK_AD_TOKEN>&x=<b>",
      headers: ["Authorization": "Bearer <your token>"])
    #expect(
      VerifyScope.placeholders(inRequest: request) == ["<FACEBOOK_AD_TOKEN>", "<your token>"])
  }

  @Test func theReportNumbersFromOneAndGroupsByCause() {
    let report = VerificationReport(results: [
      .init(
        index: 0, summary: "GET /a", problems: ["cause: the target answered error 15: no", "x"]),
      .init(index: 1, summary: "GET /b", problems: []),
      .init(index: 2, summary: "GET /c", problems: ["cause: the target answered error 15: no"]),
      .init(index: 3, summary: "GET /d", problems: ["body name: \"A\", recorded \"B\""]),
    ])
    let lines = report.text.split(separator: "\n").map(String.init)
    #expect(lines[0] == "3 drift(s) by cause:")
    #expect(lines[1] == "  2: the target answered error 15: no (#1, #3)")
    #expect(lines[2] == "  1: the answer's body differs (#4)")
    #expect(lines[3] == "DRIFT #1 GET /a")
    #expect(report.text.contains("ok    #2 GET /b"))
  }
}

/// Issue 42: times compared relative to the recording's own clock.
@Suite struct SessionClockTests {
  /// Answers each request with the next of `bodies`.
  final class Answers: GraphTransport, @unchecked Sendable {
    var bodies: [String]
    init(_ bodies: [String]) { self.bodies = bodies }
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"],
        body: Array(bodies.removeFirst().utf8))
    }
  }

  static func cassette(_ bodies: [String]) -> Cassette {
    Cassette(
      interactions: bodies.map { body in
        Interaction(
          request: HTTPRequest(url: "https://graph.facebook.com/debug_token?input_token=x"),
          response: HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8)),
          recordedAt: "2026-12-04T22:00:00.000Z")
      })
  }

  @Test func timesAgreeAfterTheFirstOffsetAndAnotherShiftIsDrift() async {
    let recorded = Self.cassette([
      #"{"data":{"issued_at":1400000000,"expires_at":1405184000}}"#,
      #"{"created_time":"2014-05-13T16:53:25+0000"}"#,
    ])
    // The target's clock is 100 s on: both answers agree.
    let on = Answers([
      #"{"data":{"issued_at":1400000100,"expires_at":1405184100}}"#,
      #"{"created_time":"2014-05-13T16:55:05+0000"}"#,
    ])
    let report = await CassetteVerifier(target: on, useDefaultIgnores: false).verify(recorded)
    #expect(!report.hasDrift, "\(report.text)")
    // A token that expires a day later than the session's clock says is drift.
    let later = Answers([
      #"{"data":{"issued_at":1400000100,"expires_at":1405270500}}"#,
      #"{"created_time":"2014-05-13T16:55:05+0000"}"#,
    ])
    let drift = await CassetteVerifier(target: later, useDefaultIgnores: false).verify(recorded)
    #expect(drift.results[0].problems == ["body data.expires_at: 1405270500, recorded 1405184000"])
    #expect(drift.results[1].problems.isEmpty)
    #expect(SessionClock.seconds(.string("1970-01-02T00:00:01+0000")) == 86_401)
  }
}
