import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Multipart uploads as the iOS SDK 3.x sends every POST, and `appsecret_proof`.
func multipart(
  _ emulator: GraphEmulator, _ path: String, parameters: [(String, String)],
  uploads: [GraphUpload]
) -> Answer {
  let form = MultipartFormData(
    parameters: QueryItems(parameters.map { .init(name: $0.0, value: $0.1) }), uploads: uploads)
  let request = HTTPRequest(
    method: "POST", url: "https://graph.facebook.com/" + path,
    headers: ["Content-Type": form.contentType], body: form.encoded())
  let response = emulator.answer(request)
  return Answer(status: response.status, headers: response.headers, text: response.bodyText)
}

let jpeg = GraphUpload(
  name: "source", filename: "meal.jpg", contentType: "image/jpeg", bytes: [0xFF, 0xD8, 0xFF, 0xE0])

@Test func photoUploadWithSourceFile() {
  let emulator = GraphEmulator()
  let answer = multipart(
    emulator, "me/photos",
    parameters: [
      ("access_token", "CAAEmuAlicePublish"), ("message", "Dinner"), ("format", "json"),
    ],
    uploads: [jpeg])
  #expect(answer.text == #"{"id":"101530000000001","post_id":"100001000000001_101530000000002"}"#)
  let photo = call(emulator, "101530000000001?fields=name,source")
  #expect(photo.json?["name"] == "Dinner")
  #expect(photo.json?["source"]?.stringValue?.hasSuffix("/101530000000001_o.jpg") == true)
}

@Test func multipartFeedPostAndError() {
  let emulator = GraphEmulator()
  let answer = multipart(
    emulator, "me/feed", parameters: [("access_token", "CAAEmuAlice"), ("message", "hi")],
    uploads: [])
  #expect(answer.json?["error"]?["code"] == 200)
  let broken = emulator.answer(
    HTTPRequest(
      method: "POST", url: "https://graph.facebook.com/me/feed",
      headers: ["Content-Type": "multipart/form-data"], body: Array("x".utf8)))
  #expect(broken.status == 400)
}

@Test func batchWithAttachedFile() throws {
  let emulator = GraphEmulator()
  let batch =
    #"[{"method":"POST","relative_url":"me/photos","attached_files":"file0","name":"photopost"},{"method":"GET","relative_url":"{result=photopost:$.id}"}]"#
  let answer = multipart(
    emulator, "",
    parameters: [
      ("access_token", "CAAEmuAlicePublish"), ("batch_app_id", "233936543368280"),
      ("batch", batch),
    ],
    uploads: [GraphUpload(name: "file0", filename: "file0", contentType: "image/jpeg", bytes: [1])]
  )
  let items = try #require(answer.json?.arrayValue)
  #expect(items.count == 2)
  #expect(items[0] == .null)
  let body = try JSONParser.parse(items[1]["body"]?.stringValue ?? "")
  #expect(body["id"] == "101530000000001")
  #expect(body["source"]?.stringValue?.hasPrefix("https://fbcdn-sphotos") == true)
}

@Test func appSecretProof() {
  var world = World.default
  let emulator = GraphEmulator(world: world)
  let proof = AppSecretProof.make(accessToken: "CAAEmuAlice", appSecret: world.app.secret)
  #expect(call(emulator, "me?fields=id&appsecret_proof=\(proof)").status == 200)
  let wrong = call(emulator, "me?fields=id&appsecret_proof=00ff")
  #expect(wrong.status == 400)
  #expect(
    wrong.text
      == #"{"error":{"message":"Invalid appsecret_proof provided in the API argument","type":"GraphMethodException","code":100,"fbtrace_id":"\#(wrong.headers["x-fb-trace-id"] ?? "")"}}"#
  )
  world.app.requiresAppSecretProof = true
  let strict = GraphEmulator(world: world)
  #expect(
    call(strict, "me?fields=id").json?["error"]?["message"]
      == "API calls from the server require an appsecret_proof argument")
  #expect(call(strict, "me?fields=id&appsecret_proof=\(proof)").status == 200)
}
