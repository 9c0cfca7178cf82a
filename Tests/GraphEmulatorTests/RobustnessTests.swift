import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Odd requests get a Graph answer (JSON, a status, the header set), never a crash.
@Test(arguments: [
  "https://graph.facebook.com", "https://graph.facebook.com/", "https://graph.facebook.com//",
  "https://graph.facebook.com/%%%", "https://graph.facebook.com/v2.2",
  "https://graph.facebook.com/v9.9/me", "https://graph.facebook.com/me?fields=",
  "https://graph.facebook.com/me?fields={", "https://graph.facebook.com/me?fields=friends.limit(x)",
  "https://graph.facebook.com/me?limit=-5", "https://graph.facebook.com/me/friends?limit=abc",
  "https://graph.facebook.com/me/friends?before=",
  "https://graph.facebook.com/me/friends?after=MTp4OjE", "https://graph.facebook.com/me/a/b/c",
  "https://graph.facebook.com/search?type=place&center=abc",
  "https://graph.facebook.com/search?type=place&center=1,2,3",
  "https://graph.facebook.com/?ids=", "https://graph.facebook.com/?ids=,,,",
  "not a url", "/me?fields=id", "https://graph.facebook.com/me?access_token=",
  "https://graph.facebook.com/me?method=PATCH",
  "https://graph.facebook.com/debug_token?input_token=",
  "https://graph.facebook.com/me/picture?width=abc&redirect=false",
  "https://graph.facebook.com/me?fields=" + String(repeating: "friends{", count: 40),
])
func oddRequestsGetAnswers(_ url: String) throws {
  for method in ["GET", "POST", "DELETE", "PUT"] {
    let emulator = GraphEmulator()
    var request = HTTPRequest(method: method, url: url)
    if !url.contains("access_token") { request.headers["Authorization"] = "OAuth CAAEmuAlice" }
    let response = emulator.answer(request)
    #expect([200, 302, 400, 403, 404].contains(response.status))
    #expect(response.headers["x-fb-trace-id"] != nil)
    if response.status != 302 && response.bodyText != "true" {
      #expect(throws: Never.self) { try JSONParser.parse(response.body) }
    }
  }
}

@Test(arguments: [
  "not json", "{}", "[1,2]", #"[{"relative_url":5}]"#, #"[{"method":"GET"}]"#,
  #"[{"relative_url":"{result=a:$.x}","name":"a"}]"#, #"[{"relative_url":"me","depends_on":"zz"}]"#,
])
func oddBatchesGetAnswers(_ text: String) throws {
  let answer = batch(GraphEmulator(), text)
  #expect([200, 400].contains(answer.status))
  #expect(answer.json != nil)
}

@Test func concurrentRequestsAreSerialised() async {
  let emulator = GraphEmulator()
  await withTaskGroup(of: Int.self) { group in
    for i in 0..<50 {
      group.addTask {
        let request = HTTPRequest(
          method: "POST", url: "https://graph.facebook.com/me/feed",
          headers: ["Content-Type": "application/x-www-form-urlencoded"],
          body: Array("access_token=CAAEmuAlicePublish&message=m\(i)".utf8))
        return (try? await emulator.send(request))?.status ?? 0
      }
    }
    for await status in group { #expect(status == 200) }
  }
  let feed = call(emulator, "me/feed?limit=100&fields=id")
  #expect(feed.json?["data"]?.arrayValue?.count == 92)
}

@Test func hugeExpansionsAreRefused() throws {
  let world = try World.generated(people: 5000, friends: 40)
  let fields = "friends.limit(40){friends.limit(40){friends.limit(40){id}}}"
  let answer = call(
    GraphEmulator(world: world), "v1.0/me?fields=\(fields)", token: "CAAEmuUser0")
  #expect(answer.status == 400)
  #expect(answer.json?["error"]?["code"] == 1)
  #expect(
    answer.json?["error"]?["message"]
      == "Please reduce the amount of data you're asking for, then retry your request")
}
