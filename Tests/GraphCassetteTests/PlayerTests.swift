import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

@Suite struct PlayerTests {
  static func interaction(_ request: HTTPRequest, _ body: String, status: Int = 200) -> Interaction
  {
    Interaction(
      request: request, response: HTTPResponse(status: status, body: Array(body.utf8)),
      recordedAt: "2026-11-30T00:00:00.000Z")
  }

  static func multipart(boundary: String, parts: [(String, String)]) -> HTTPRequest {
    var body = ""
    for (name, value) in parts {
      body +=
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
    }
    body += "--\(boundary)--\r\n"
    return HTTPRequest(
      method: "POST", url: "https://graph.facebook.com/me/photos",
      headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"], body: Array(body.utf8)
    )
  }

  @Test(arguments: [
    (
      get(
        "https://graph.facebook.com/v2.0/me?fields=id,name&limit=5&access_token=<ACCESS_TOKEN_1>"),
      get("https://localhost:8080/v2.0/me?limit=5&access_token=REALTOKEN&fields=id%2Cname")
    ),
    (
      post("https://graph.facebook.com/me/feed", form: "message=hi&link=x&access_token=A"),
      post("https://graph.facebook.com/me/feed", form: "link=x&access_token=B&message=hi")
    ),
    (
      HTTPRequest(
        method: "POST", url: "https://g/x", headers: ["Content-Type": "application/json"],
        body: Array(#"{"a":1,"b":[1,2]}"#.utf8)),
      HTTPRequest(
        method: "POST", url: "https://g/x", headers: ["Content-Type": "application/json"],
        body: Array(#"{ "b": [1, 2], "a": 1.0 }"#.utf8))
    ),
    (
      multipart(
        boundary: "AAA", parts: [("message", "hi"), ("access_token", "T1"), ("source", "JPEG")]),
      multipart(
        boundary: "BBB", parts: [("source", "JPEG"), ("message", "hi"), ("access_token", "T2")])
    ),
    (
      post(
        "https://graph.facebook.com/",
        form: "batch="
          + PercentEncoding.encode(
            #"[{"method":"GET","relative_url":"me?fields=id&access_token=X"}]"#)),
      post(
        "https://graph.facebook.com/",
        form: "batch="
          + PercentEncoding.encode(
            #"[{"relative_url":"me?access_token=Y&fields=id", "method":"GET"}]"#))
    ),
    (
      HTTPRequest(method: "POST", url: "https://g/1?method=delete"),
      HTTPRequest(method: "DELETE", url: "https://g/1")
    ),
  ])
  func matchesEquivalentRequests(recorded: HTTPRequest, sent: HTTPRequest) throws {
    let player = CassettePlayer(
      cassette: Cassette(interactions: [Self.interaction(recorded, "{}")]))
    #expect(try player.match(sent) == 0)
  }

  @Test func identicalRequestsReplayInRecordedOrderThenSaySoWhenExhausted() throws {
    let me = get("https://graph.facebook.com/me?access_token=T")
    let player = CassettePlayer(
      cassette: Cassette(interactions: [
        Self.interaction(me, #"{"n":1}"#),
        Self.interaction(get("https://graph.facebook.com/other"), "{}"),
        Self.interaction(me, #"{"n":2}"#, status: 400),
      ]))
    #expect(try player.answer(me).bodyText == #"{"n":1}"#)
    #expect(try player.answer(me).status == 400)
    #expect(player.unplayedInteractions == [1])
    do {
      _ = try player.answer(me)
      Issue.record("expected exhaustion")
    } catch {
      #expect(
        error.description
          == "GET /me?access_token=<redacted> was recorded 2 time(s) (#1, #3) and every recorded answer has already been played"
      )
    }
  }

  @Test func repeatsCanBeAllowed() throws {
    let me = get("https://graph.facebook.com/me")
    let player = CassettePlayer(
      cassette: Cassette(interactions: [Self.interaction(me, "1")]), allowPlaybackRepeats: true)
    #expect(try player.answer(me).bodyText == "1")
    #expect(try player.answer(me).bodyText == "1")
  }

  @Test(arguments: [
    (
      get("https://graph.facebook.com/v2.0/me/friends?limit=10"),
      "no recorded interaction matches GET /v2.0/me/friends?limit=10; closest is #2 GET /v2.0/me/friends?limit=25: query differs: limit is \"10\", recorded \"25\""
    ),
    (
      HTTPRequest(method: "DELETE", url: "https://graph.facebook.com/v2.0/me"),
      "closest is #1 GET /v2.0/me?fields=id: method differs (recorded GET, sent DELETE); query differs: fields=\"id\" recorded but not sent"
    ),
    (
      post("https://graph.facebook.com/v2.0/me/feed", form: "message=bye"),
      "closest is #3 POST /v2.0/me/feed: body differs: form fields message is \"bye\", recorded \"hi\""
    ),
  ])
  func unmatchedRequestsNameTheClosestAndWhatDiffered(sent: HTTPRequest, message: String) {
    let player = CassettePlayer(
      cassette: Cassette(interactions: [
        Self.interaction(get("https://graph.facebook.com/v2.0/me?fields=id"), "{}"),
        Self.interaction(get("https://graph.facebook.com/v2.0/me/friends?limit=25"), "{}"),
        Self.interaction(post("https://graph.facebook.com/v2.0/me/feed", form: "message=hi"), "{}"),
      ]))
    do {
      _ = try player.match(sent)
      Issue.record("expected no match")
    } catch {
      #expect(error.description.contains(message), "\(error.description)")
    }
  }

  @Test func emptyCassetteSaysSo() {
    do {
      _ = try CassettePlayer(cassette: Cassette()).match(get("https://g/me"))
      Issue.record("expected no match")
    } catch {
      #expect(error.description == "no recorded interaction matches GET /me: the cassette is empty")
    }
  }

  @Test func matcherSetIsConfigurable() throws {
    let recorded = get("https://graph.facebook.com/me?fields=id")
    let player = CassettePlayer(
      cassette: Cassette(interactions: [Self.interaction(recorded, "{}")]),
      matchers: [.method, .path])
    #expect(try player.match(get("https://graph.facebook.com/me?fields=name")) == 0)
    #expect(MatcherSet(parsing: "method,path") == [.method, .path])
    #expect(MatcherSet(parsing: "method,colour") == nil)
    #expect(MatcherSet.default.description == "method,path,query,body")
  }

  @Test func aRecordedAnswerBreakingItsExpectationIsReported() {
    var i = Self.interaction(get("https://g/me"), #"{"error":{"code":100}}"#, status: 400)
    i.expect = Expectation(errorCode: 200)
    let player = CassettePlayer(cassette: Cassette(interactions: [i]))
    do {
      _ = try player.answer(get("https://g/me"))
      Issue.record("expected an expectation failure")
    } catch {
      #expect(
        error.description == "interaction 1: expectation failed: error.code is 100, expected 200")
    }
  }
}
