import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// `POST /` with `batch=` (reference, "Batch requests"; the Scrumptious tutorial's photo-then-read).
func batch(
  _ emulator: GraphEmulator, _ operations: String, token: String = "CAAEmuAlicePublish",
  extra: [(String, String)] = []
) -> Answer {
  call(
    emulator, "/", method: "POST", token: nil,
    form: [("access_token", token), ("batch", operations)] + extra)
}

@Test func photoThenReadBatchOfSeed001() throws {
  let emulator = GraphEmulator()
  let answer = batch(
    emulator,
    #"[{"method":"POST","relative_url":"me/photos","body":"url=http%3A%2F%2Fexample.com%2Fmeal.jpg","name":"photopost"},{"method":"GET","relative_url":"{result=photopost:$.id}?fields=source"}]"#,
    extra: [("include_headers", "false")])
  #expect(answer.status == 200)
  #expect(
    answer.text
      == #"[null,{"code":200,"body":"{\"source\":\"https:\/\/fbcdn-sphotos-a-a.akamaihd.net\/hphotos-ak-xpa1\/t31.0-8\/101530000000001_o.jpg\",\"id\":\"101530000000001\"}"}]"#
      .replacingOccurrences(of: #"\/"#, with: "/"))
}

@Test func batchItemsCarryHeadersAndErrors() throws {
  let answer = batch(
    GraphEmulator(), #"[{"method":"GET","relative_url":"me?fields=id"},{"relative_url":"me/foo"}]"#)
  let items = try #require(answer.json?.arrayValue)
  #expect(items.count == 2)
  #expect(items[0]["code"] == 200)
  #expect(items[0]["body"] == #"{"id":"100001000000001"}"#)
  let headers = items[0]["headers"]?.arrayValue ?? []
  #expect(
    headers.contains(["name": "Content-Type", "value": "application/json; charset=UTF-8"]))
  #expect(items[1]["code"] == 400)
  let body = try JSONParser.parse(items[1]["body"]?.stringValue ?? "")
  #expect(body["error"]?["message"] == "Unknown path components: /foo")
}

@Test func dataStarPathAndKeptParent() throws {
  let answer = batch(
    GraphEmulator(),
    #"[{"relative_url":"me/friends?limit=2","name":"f","omit_response_on_success":false},{"relative_url":"?ids={result=f:$.data.*.id}&fields=first_name"}]"#,
    extra: [("include_headers", "false")])
  let items = try #require(answer.json?.arrayValue)
  #expect(items[0]["code"] == 200)
  #expect(
    items[1]["body"]
      == #"{"100001000000002":{"first_name":"Bob","id":"100001000000002"},"100001000000003":{"first_name":"Chen","id":"100001000000003"}}"#
  )
}

/// `depends_on` alone (no reference) leaves the parent's answer out too, unless it sets
/// `omit_response_on_success:false`.
@Test func dependsOnOmitsTheParentsAnswer() throws {
  let omitted = batch(
    GraphEmulator(),
    #"[{"relative_url":"me?fields=id","name":"a"},{"relative_url":"me?fields=name","depends_on":"a"}]"#,
    extra: [("include_headers", "false")])
  let items = try #require(omitted.json?.arrayValue)
  #expect(items[0] == .null, "\(omitted.text)")
  #expect(items[1]["code"] == 200)
  let kept = batch(
    GraphEmulator(),
    #"[{"relative_url":"me?fields=id","name":"a","omit_response_on_success":false},{"relative_url":"me?fields=name","depends_on":"a"}]"#,
    extra: [("include_headers", "false")])
  #expect(kept.json?[0]?["code"] == 200, "\(kept.text)")
}

@Test func failedParentSkipsChild() throws {
  let answer = batch(
    GraphEmulator(),
    #"[{"method":"POST","relative_url":"me/feed","name":"p","body":"message=x"},{"relative_url":"{result=p:$.id}"},{"relative_url":"me?fields=id","depends_on":"p"}]"#,
    token: "CAAEmuAlice", extra: [("include_headers", "false")])
  let items = try #require(answer.json?.arrayValue)
  #expect(items[0]["code"] == 403)
  #expect(items[1] == .null)
  #expect(items[2] == .null)
}

@Test(arguments: [
  #"[{"relative_url":"{result=nobody:$.id}"}]"#, #"[{"relative_url":"me","depends_on":"nobody"}]"#,
])
func unknownReferenceFailsTheBatch(_ operations: String) {
  let answer = batch(GraphEmulator(), operations)
  #expect(answer.status == 400)
  #expect(
    answer.json?["error"]?["message"] == "(#100) Batch reference to an unknown request name: nobody"
  )
}

@Test func atMostFiftyOperations() {
  let ops =
    "[" + Array(repeating: #"{"relative_url":"me"}"#, count: 51).joined(separator: ",") + "]"
  let answer = batch(GraphEmulator(), ops)
  #expect(answer.status == 400)
  #expect(
    answer.json?["error"]?["message"]
      == "(#1) Too many requests in batch message. Maximum batch size is 50")
  let fifty =
    "[" + Array(repeating: #"{"relative_url":"me"}"#, count: 50).joined(separator: ",") + "]"
  #expect(batch(GraphEmulator(), fifty).json?.arrayValue?.count == 50)
}

@Test func referencesResolveInsideBodies() throws {
  #expect(BatchReference.names(in: "%7Bresult%3Dphotopost%3A%24.id%7D") == ["photopost"])
  let value: JSONValue = ["data": [["id": "1"], ["id": "2"]], "id": "9"]
  #expect(
    BatchReference.substitute("x={result=a:$.data.*.id}&y={result=a:$.id}") { _ in value }
      == "x=1,2&y=9")
  #expect(BatchReference.substitute("{result=a:$.data.1.id}") { _ in value } == "2")
}
