import GraphAPI
import GraphJSON
import Testing

@Suite struct GraphPagingTests {
  static let cursorAnswer = """
    {"data":[{"id":"1","name":"A"},{"id":"2","name":"B"}],
     "paging":{"cursors":{"before":"QVFI1","after":"QVFI2"},
       "previous":"https://graph.facebook.com/v2.2/me/friends?limit=2&access_token=TOK&before=QVFI1",
       "next":"https://graph.facebook.com/v2.2/me/friends?limit=2&access_token=TOK&after=QVFI2"},
     "summary":{"total_count":821}}
    """

  @Test func readsCursorsAndURLs() throws {
    let page = try #require(GraphPage(answer: JSONParser.parse(Self.cursorAnswer)))
    #expect(page.data.count == 2)
    #expect(page.totalCount == 821)
    let paging = try #require(page.paging)
    #expect(paging.before == "QVFI1")
    #expect(paging.after == "QVFI2")
    #expect(paging.kind == .cursor)
    #expect(!paging.isLastPage)
    let next = try #require(paging.nextRequest())
    #expect(next.version == "v2.2")
    #expect(next.path == "me/friends")
    #expect(next.accessToken == "TOK")
    #expect(next.parameters == ["limit": "2", "after": "QVFI2"])
    #expect(paging.previousRequest()?.parameters["before"] == "QVFI1")
  }

  @Test func lastPageHasNoNext() throws {
    let answer = try JSONParser.parse(
      #"{"data":[],"paging":{"cursors":{"before":"a","after":"b"},"previous":"https://graph.facebook.com/me/friends?before=a"}}"#
    )
    let paging = try #require(GraphPaging(answer: answer))
    #expect(paging.isLastPage)
    #expect(paging.nextRequest() == nil)
  }

  @Test(arguments: [
    (
      #"{"paging":{"previous":"https://graph.facebook.com/me/feed?since=1364849754","next":"https://graph.facebook.com/me/feed?until=1364587774"}}"#,
      GraphPaging.Kind.time
    ),
    (
      #"{"paging":{"next":"https://graph.facebook.com/v2.2/1/friends?access_token=X&limit=25&offset=25&__after_id=enc_A"}}"#,
      .offset
    ),
    (#"{"paging":{"next":"https://graph.facebook.com/me/x?p=2"}}"#, .unknown),
  ])
  func kinds(answer: String, kind: GraphPaging.Kind) throws {
    #expect(try GraphPaging(answer: JSONParser.parse(answer))?.kind == kind)
  }

  @Test func nextRequestKeepsTheSessionsTokenAndRecomputesTheProof() throws {
    let paging = GraphPaging(
      next: "http://127.0.0.1:8080/me/friends?after=X&appsecret_proof=stale")
    let base = GraphRequest(.get, "me/friends", accessToken: "T", appSecret: "S")
    let next = try #require(paging.nextRequest(after: base))
    #expect(next.accessToken == "T")
    #expect(next.parameters == ["after": "X"])
    #expect(
      next.httpRequest(baseURL: "http://127.0.0.1:8080").url.hasSuffix(
        "&appsecret_proof=\(base.appSecretProof ?? "")"))
  }

  @Test func answersWithoutPagingOrData() throws {
    #expect(GraphPaging(answer: ["id": "4"]) == nil)
    #expect(GraphPage(answer: ["id": "4"]) == nil)
    #expect(GraphPage(answer: ["data": []])?.paging == nil)
  }
}
