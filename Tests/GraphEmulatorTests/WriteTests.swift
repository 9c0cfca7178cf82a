import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Writes of the seeds: feed posts (the feed-posting request-wrapper tutorial), photos, check-ins (the Hackbook wall-posting tutorial), deletes.
@Test func publishingNeedsPublishActions() {
  let answer = call(GraphEmulator(), "me/feed", method: "POST", form: [("message", "hi")])
  #expect(answer.status == 403)
  let trace = answer.headers["x-fb-trace-id"] ?? ""
  #expect(
    answer.text
      == #"{"error":{"message":"(#200) Requires extended permission: publish_actions","type":"OAuthException","code":200,"fbtrace_id":"\#(trace)"}}"#
  )
  #expect(
    answer.headers["WWW-Authenticate"]
      == #"OAuth "Facebook Platform" "insufficient_scope" "(#200) Requires extended permission: publish_actions""#
  )
}

@Test func statusUpdateThenDuplicate() throws {
  let emulator = GraphEmulator()
  let first = call(
    emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish",
    form: [("message", "Hello from the emulator")])
  #expect(first.status == 200)
  #expect(first.text == #"{"id":"100001000000001_101530000000001"}"#)
  let post = call(emulator, "100001000000001_101530000000001?fields=message,type,from{name}")
  #expect(
    post.text
      == #"{"message":"Hello from the emulator","type":"status","from":{"name":"Alice Whitfield","id":"100001000000001"},"id":"100001000000001_101530000000001"}"#
  )
  let feed = call(emulator, "me/feed?limit=1&fields=id")
  #expect(feed.json?["data"]?[0]?["id"] == "100001000000001_101530000000001")
  let again = call(
    emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish",
    form: [("message", "Hello from the emulator")])
  #expect(again.status == 400)
  #expect(again.json?["error"]?["message"] == "(#506) Duplicate status message")
  #expect(again.json?["error"]?["code"] == 506)
}

@Test func linkPostOfSeed004() {
  let emulator = GraphEmulator()
  let form = [
    ("message", "Look"), ("link", "http://example.com/a"), ("name", "Name of the Page"),
    ("caption", "Subtitle of the page"), ("description", "Description of the Page"),
    ("picture", "http://example.com/p.png"),
  ]
  let answer = call(emulator, "me/feed", method: "POST", token: "CAAEmuAlicePublish", form: form)
  #expect(answer.text == #"{"id":"100001000000001_101530000000001"}"#)
  let post = call(
    emulator, "100001000000001_101530000000001?fields=link,name,caption,description,picture,type")
  #expect(
    post.text
      == #"{"link":"http://example.com/a","name":"Name of the Page","caption":"Subtitle of the page","description":"Description of the Page","picture":"http://example.com/p.png","type":"link","id":"100001000000001_101530000000001"}"#
  )
}

@Test func postWithFieldsAnswersThem() {
  let answer = call(
    GraphEmulator(), "me/feed?fields=message,created_time", method: "POST",
    token: "CAAEmuAlicePublish", form: [("message", "x")])
  #expect(
    answer.text
      == #"{"message":"x","created_time":"2014-10-15T12:00:01+0000","id":"100001000000001_101530000000001"}"#
  )
}

@Test func photoUploadByURLIsReadable() throws {
  let emulator = GraphEmulator()
  let answer = call(
    emulator, "me/photos", method: "POST", token: "CAAEmuAlicePublish",
    form: [("url", "http://example.com/pizza.jpg"), ("message", "Pizza")])
  #expect(answer.text == #"{"id":"101530000000001","post_id":"100001000000001_101530000000002"}"#)
  let photo = call(emulator, "101530000000001?fields=source,name")
  #expect(
    photo.json?["source"]
      == "https://fbcdn-sphotos-a-a.akamaihd.net/hphotos-ak-xpa1/t31.0-8/101530000000001_o.jpg")
  #expect(photo.json?["name"] == "Pizza")
  let photos = call(emulator, "me/photos?limit=1&fields=id")
  #expect(photos.json?["data"]?[0]?["id"] == "101530000000001")
  let missing = call(emulator, "me/photos", method: "POST", token: "CAAEmuAlicePublish")
  #expect(missing.json?["error"]?["code"] == 324)
}

@Test func checkinsReadAndWrite() {
  let emulator = GraphEmulator()
  let list = call(emulator, "v1.0/me/checkins?fields=place{name}&limit=1")
  #expect(list.json?["data"]?[0]?["place"]?["name"] == "Sears Fine Food")
  #expect(call(emulator, "v1.0/me/checkins", token: "CAAEmuAliceBasic").text == #"{"data":[]}"#)
  let created = call(
    emulator, "v1.0/me/checkins", method: "POST", token: "CAAEmuAlicePublish",
    form: [("place", "111615355559307"), ("message", "Lunch")])
  #expect(created.text == #"{"id":"101530000000001"}"#)
}

struct DeleteCase: Sendable, CustomStringConvertible {
  var version: String
  var body: String
  var description: String { version }
}

@Test(arguments: [
  DeleteCase(version: "", body: #"{"success":true}"#),
  DeleteCase(version: "v1.0/", body: "true"),
  DeleteCase(version: "v2.0/", body: "true"),
  DeleteCase(version: "v2.1/", body: #"{"success":true}"#),
  DeleteCase(version: "v2.2/", body: #"{"success":true}"#),
])
func deleteAnswersByVersion(_ c: DeleteCase) {
  let emulator = GraphEmulator()
  let id = "100001000000001_10152000000100"
  let answer = call(emulator, c.version + id, method: "DELETE", token: "CAAEmuAlicePublish")
  #expect(answer.status == 200)
  #expect(answer.text == c.body)
  #expect(call(emulator, id).json?["error"]?["error_subcode"] == 33)
  #expect(call(emulator, "me/feed?fields=id&limit=100").json?["data"]?.arrayValue?.count == 41)
}

@Test func deleteNeedsPublishAndOwnership() {
  let emulator = GraphEmulator()
  let id = "100001000000001_10152000000100"
  #expect(call(emulator, id, method: "DELETE").json?["error"]?["code"] == 200)
  #expect(call(emulator, id, method: "DELETE", token: "CAAEmuBob").json?["error"]?["code"] == 200)
  #expect(
    call(emulator, "me", method: "DELETE", token: "CAAEmuAlicePublish").json?["error"]?[
      "error_subcode"] == 33)
}

@Test func deauthorizingFailsLaterCalls() {
  let emulator = GraphEmulator()
  #expect(call(emulator, "me/permissions", method: "DELETE").text == #"{"success":true}"#)
  let after = call(emulator, "me")
  #expect(after.json?["error"]?["code"] == 190)
  #expect(after.json?["error"]?["error_subcode"] == 458)
  #expect(
    after.json?["error"]?["message"]
      == "Error validating access token: User 100001000000001 has not authorized application 233936543368280."
  )
  emulator.reset()
  #expect(call(emulator, "me?fields=id").status == 200)
}

@Test func revokingOnePermission() {
  let emulator = GraphEmulator()
  #expect(
    call(emulator, "me/permissions/user_photos", method: "DELETE").text == #"{"success":true}"#)
  #expect(call(emulator, "me/photos").text == #"{"data":[]}"#)
}

@Test func commentsAndLikes() {
  let emulator = GraphEmulator()
  let post = "100001000000001_10152000000090"
  let comment = call(
    emulator, "\(post)/comments", method: "POST", token: "CAAEmuBob", form: [("message", "Yum")])
  #expect(comment.text == #"{"id":"10152000000090_101530000000001"}"#)
  let comments = call(emulator, "\(post)/comments?fields=message,from{name}")
  #expect(
    comments.json?["data"]?[0]
      == [
        "message": "Yum", "from": ["name": "Bob Okafor", "id": "100001000000002"],
        "id": "10152000000090_101530000000001",
      ])
  #expect(
    call(emulator, "\(post)/likes", method: "POST", token: "CAAEmuBob").text == #"{"success":true}"#
  )
  #expect(
    call(emulator, "\(post)/likes?summary=true").json?["summary"]?["total_count"] == 1)
  #expect(call(emulator, "v2.0/\(post)/likes", method: "DELETE", token: "CAAEmuBob").text == "true")
  #expect(call(emulator, "\(post)/likes?summary=true").json?["summary"]?["total_count"] == 0)
  #expect(
    call(emulator, "\(post)/comments", method: "POST", form: [("message", "x")]).json?["error"]?[
      "code"] == 200)
}

@Test func pathIDPlusIDsIsAnError() {
  let answer = call(GraphEmulator(), "me?ids=100001000000002")
  #expect(answer.status == 400)
  #expect(
    answer.json?["error"]?["message"] == #"Invalid token: "me".  An ID has already been specified."#
  )
}
