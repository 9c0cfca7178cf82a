import GraphAPI
import Testing

@testable import GraphEmulator

/// `GraphCall`'s fixed-key parameters (`CallParameter`) give what asking by name gives.
@Suite struct CallParameterTests {
  /// Every key asked both ways of `call`.
  static func expectSame(_ call: GraphCall, _ comment: Comment) {
    for key in CallParameter.allCases {
      #expect(call[key] == call[key.name], "\(key.name): \(comment)")
      #expect(call.flag(key) == call.flag(key.name), "\(key.name) as a flag: \(comment)")
    }
  }

  static func call(_ query: String, body: String? = nil) -> GraphCall {
    var request = HTTPRequest(method: "GET", url: "https://graph.facebook.com/v2.0/me?" + query)
    if let body {
      request.method = "POST"
      request.headers["Content-Type"] = "application/x-www-form-urlencoded"
      request.body = Array(body.utf8)
    }
    return GraphCall(request: request, defaultVersion: .v2_2)
  }

  @Test func namesAreTheCasesOnceEach() {
    #expect(CallParameter.names.count == CallParameter.allCases.count)
    #expect(Set(CallParameter.names).count == CallParameter.names.count)
    #expect(CallParameter.allCases.count <= 32)
    for key in CallParameter.allCases { #expect(CallParameter.named(key.name) == key) }
  }

  @Test func queriesGiveWhatNamesGive() {
    let queries = [
      "", "fields=id,name&limit=3&offset=2&access_token=T",
      "limit=1&limit=2&fields=&fields=name", "LIMIT=4&Fields=id&access_token",
      "access%5Ftoken=A&suppress_http_code=1&metadata=TRUE&summary=true&type=user",
      "li%6Dit=7&q=a+b&ids=1,2&id=3&debug=all&batch=[]&redirect=false&method=post",
      "after=QQ%3D%3D&before=Qg&since=10&until=20&appsecret_proof=abc",
      "fi\u{0301}elds=x&\u{212A}=k&limit\u{0301}=9&%E2%9C%93=1&=empty&&fields",
    ]
    for query in queries { Self.expectSame(Self.call(query), "?\(query)") }
    Self.expectSame(
      Self.call("limit=1", body: "fields=id&limit=2&method=DELETE&access_token=B"), "a form body")
  }

  @Test func aKeyPastPosition127IsStillFound() {
    let filler = (0..<130).map { "p\($0)=\($0)" }.joined(separator: "&")
    let call = Self.call(filler + "&limit=5&fields=id&limit=6")
    #expect(call[.limit] == "5")
    #expect(call[.fields] == "id")
    Self.expectSame(call, "130 parameters first")
  }

  @Test func changedParametersAreAskedAnew() {
    var call = Self.call("fields=id")
    call.params.append("access_token", "later")
    call.params["fields"] = nil
    #expect(call[.accessToken] == "later")
    #expect(call[.fields] == nil)
    Self.expectSame(call, "after a change")
  }
}
