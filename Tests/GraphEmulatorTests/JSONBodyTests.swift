import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// JSON request bodies are read as Graph reads them (issue 26).
@Suite struct JSONBodyTests {
  static func post(_ emulator: GraphEmulator, _ path: String, _ body: String, token: String)
    -> Answer
  {
    var request = HTTPRequest(
      method: "POST", url: "https://graph.facebook.com/\(path)?access_token=\(token)")
    request.headers["Content-Type"] = "application/json; charset=utf-8"
    request.body = Array(body.utf8)
    let response = emulator.answer(request)
    return Answer(status: response.status, headers: response.headers, text: response.bodyText)
  }

  @Test func aJSONBodysMembersAreParameters() throws {
    let emulator = GraphEmulator()
    let posted = Self.post(
      emulator, "v2.2/me/feed", #"{"message":"From JSON","link":null}"#,
      token: "CAAEmuAlicePublish")
    let id = try #require(posted.json?["id"]?.stringValue, "\(posted.text)")
    #expect(call(emulator, "v2.2/\(id)?fields=message").json?["message"] == "From JSON")
    let asPage = Self.post(
      emulator, "v24.0/146903518661553/feed", #"{"message":"Market day","published":true}"#,
      token: "EAAEmuMarketPage")
    #expect(asPage.json?["id"] != nil, "\(asPage.text)")
  }

  @Test func aBodyThatIsNotAJSONObjectIsError100() {
    let emulator = GraphEmulator()
    for body in ["[1,2]", "{\"message\":", "\"text\""] {
      let answer = Self.post(emulator, "v2.2/me/feed", body, token: "CAAEmuAlicePublish")
      #expect(answer.json?["error"]?["code"] == 100, "\(body): \(answer.text)")
    }
    let empty = Self.post(emulator, "v2.2/me/feed", "", token: "CAAEmuAlicePublish")
    #expect(empty.json?["error"]?["message"] == "(#100) Missing message or attachment")
  }
}
