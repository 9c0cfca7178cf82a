import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Every Graph call of the seeds, in the order the Scrumptious tutorial (the Scrumptious tutorial) and the
/// others make them, as the iOS SDK 3.x sends them (`format=json&sdk=ios`, multipart POSTs).
@Test func scrumptiousSessionEndToEnd() throws {
  let emulator = GraphEmulator()
  let sdk = "format=json&sdk=ios&migration_bundle=fbsdk:20130409"
  // Seed 002: a request for /me before the session is open.
  #expect(call(emulator, "me?\(sdk)", token: nil).json?["error"]?["code"] == 2500)
  // Seed 001: log in with user_photos, personalise with /me and the picture.
  let session = try emulator.login("alice", permissions: ["user_photos", "user_friends"])
  var token = try #require(session.token)
  let me = call(emulator, "me?\(sdk)", token: token)
  #expect(me.json?["name"] == "Alice Whitfield")
  #expect(call(emulator, "100001000000001/picture?type=square", token: token).status == 302)
  // The friend picker.
  let friends = call(
    emulator, "me/friends?fields=id,name,first_name,middle_name,last_name,picture&\(sdk)",
    token: token)
  #expect(friends.json?["data"]?.arrayValue?.count == 25)
  #expect(friends.json?["paging"]?["next"] != nil)
  // The place picker: search?type=place&limit=N&center=%lf,%lf&distance=R&q=TEXT.
  let places = call(
    emulator,
    "search?type=place&limit=100&center=37.785834,-122.406417&distance=1000&q=restaurant"
      + "&fields=id,name,location,category,picture,were_here_count&\(sdk)", token: token)
  #expect(places.json?["data"]?.arrayValue?.count == 4)
  // Step 3: publishing eat without publish_actions, then after asking for it.
  let mealURL =
    "https://fbsdkog.herokuapp.com/repeater.php?og:type=fb_sample_scrumps:meal&og:title=Pizza"
  let denied = multipart(
    emulator, "me/fb_sample_scrumps:eat",
    parameters: [("access_token", token), ("meal", mealURL)], uploads: [])
  #expect(
    denied.json?["error"]?["message"] == "(#200) Requires extended permission: publish_actions")
  token = try #require(try emulator.grant(["publish_actions"], token: token).token)
  // The photo-then-read batch.
  let batchJSON =
    #"[{"method":"POST","relative_url":"me/photos","attached_files":"file0","name":"photopost"},"#
    + #"{"method":"GET","relative_url":"{result=photopost:$.id}?format=json&sdk=ios"}]"#
  let batch = multipart(
    emulator, "",
    parameters: [
      ("access_token", token), ("batch_app_id", "233936543368280"), ("batch", batchJSON),
    ],
    uploads: [
      GraphUpload(name: "file0", filename: "file0", contentType: "image/jpeg", bytes: [1, 2])
    ])
  let photo = try JSONParser.parse(batch.json?[1]?["body"]?.stringValue ?? "")
  let source = try #require(photo["source"]?.stringValue)
  // The action with the meal, the place, a tagged tester and the photo.
  let action = multipart(
    emulator, "me/fb_sample_scrumps:eat",
    parameters: [
      ("access_token", token), ("meal", mealURL), ("place", "111615355559307"),
      ("tags", "100001000000002"), ("image[0][url]", source),
    ], uploads: [])
  #expect(action.status == 200)
  #expect(action.json?["id"] != nil)
  // Tagging Marco, who is no tester.
  let untaggable = multipart(
    emulator, "me/fb_sample_scrumps:eat",
    parameters: [("access_token", token), ("meal", mealURL), ("tags", "100002768941660")],
    uploads: [])
  #expect(untaggable.json?["error"]?["code"] == 1_611_075)
  // Seed 004: a status, a link and a photo.
  let status = multipart(
    emulator, "me/feed", parameters: [("access_token", token), ("message", "Hi")], uploads: [])
  #expect(status.json?["id"]?.stringValue?.hasPrefix("100001000000001_") == true)
  let link = multipart(
    emulator, "me/feed",
    parameters: [
      ("access_token", token), ("type", "link"), ("link", "http://example.com"),
      ("description", "An example"), ("message", "Look"),
    ], uploads: [])
  #expect(link.status == 200)
  let upload = multipart(
    emulator, "me/photos", parameters: [("access_token", token), ("message", "Caption")],
    uploads: [jpeg])
  #expect(upload.json?["post_id"] != nil)
  // Seed 003: check-ins, read at v1.0 as the tutorial did; unversioned (v2.2) they are gone.
  #expect(call(emulator, "v1.0/me/checkins", token: token).json?["data"]?.arrayValue?.count == 0)
  let withCheckins = try #require(try emulator.grant(["user_checkins"], token: token).token)
  #expect(
    call(emulator, "v1.0/me/checkins", token: withCheckins).json?["data"]?.arrayValue?.count == 6)
  #expect(call(emulator, "me/checkins", token: withCheckins).json?["error"]?["code"] == 12)
  // Revoking: one permission, then the app.
  #expect(
    call(emulator, "me/permissions/publish_actions", method: "DELETE", token: withCheckins).text
      == #"{"success":true}"#)
  let again = multipart(
    emulator, "me/feed", parameters: [("access_token", withCheckins), ("message", "Again")],
    uploads: [])
  #expect(again.json?["error"]?["code"] == 200)
  #expect(call(emulator, "me/permissions", method: "DELETE", token: withCheckins).status == 200)
  #expect(call(emulator, "me", token: withCheckins).json?["error"]?["error_subcode"] == 458)
}

@Test func worldArgument() throws {
  #expect(try World.load(argument: "generated:people=50,friends=4").people.count == 50)
  #expect(throws: EmulatorError.invalidGeneratedWorld("unknown setting 'cats'")) {
    try World.load(argument: "generated:people=5,cats=2")
  }
  #expect(throws: EmulatorError.invalidGeneratedWorld("people must be a whole number, found 'x'")) {
    try World.load(argument: "generated:people=x,friends=2")
  }
  #expect(throws: EmulatorError.self) { try World.load(argument: "/nonexistent/world.json") }
}

@Test func installedFlag() {
  let emulator = GraphEmulator()
  #expect(
    call(emulator, "?ids=100001000000002,100001000000012,100001000000011&fields=installed").text
      == #"{"100001000000002":{"installed":true,"id":"100001000000002"},"100001000000012":{"id":"100001000000012"},"100001000000011":{"id":"100001000000011"}}"#
  )
}

@Test func fromV2FriendsAreThoseWhoUseTheApp() throws {
  let emulator = GraphEmulator()
  let v1 = call(emulator, "v1.0/me/friends?limit=100&summary=true").json
  let v2 = call(emulator, "v2.0/me/friends?limit=100&summary=true").json
  #expect(v1?["data"]?.arrayValue?.count == 68)
  #expect(v2?["data"]?.arrayValue?.count == 61)
  #expect(v2?["summary"]?["total_count"] == 68)
  let lena = "100001000000012"
  #expect(v2?["data"]?.arrayValue?.contains { $0["id"]?.stringValue == lena } == false)
  _ = try emulator.login("lena")
  let after = call(emulator, "v2.0/me/friends?limit=100").json
  #expect(after?["data"]?.arrayValue?.contains { $0["id"]?.stringValue == lena } == true)
}
