import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Seed 001, step 3: publishing `me/fb_sample_scrumps:eat` from the Graph API Explorer.
let mealURL =
  "https://fbsdkog.herokuapp.com/repeater.php?fb:app_id=233936543368280&og:type=fb_sample_scrumps:meal&og:title=Pizza&og:description=%22Pizza%22&body=Pizza"

@Test func eatWithoutPublishActionsIs200() {
  let answer = call(
    GraphEmulator(), "me/fb_sample_scrumps:eat", method: "POST", form: [("meal", mealURL)])
  #expect(answer.status == 403)
  #expect(
    answer.json?["error"]?["message"] == "(#200) Requires extended permission: publish_actions")
  #expect(answer.json?["error"]?["type"] == "OAuthException")
}

@Test func eatAfterGrantSucceeds() throws {
  let emulator = GraphEmulator()
  let session = try emulator.grant(["publish_actions"], token: "CAAEmuAlice")
  #expect(session.state == .openTokenExtended)
  let token = try #require(session.token)
  let answer = call(
    emulator, "me/fb_sample_scrumps:eat", method: "POST", token: token,
    form: [
      ("meal", mealURL),
      ("image[0][url]", "http://www.sugarmedia.com/nyccookbook/images/pizza.jpg"),
      ("tags", "100001000000002"), ("place", "111615355559307"),
    ])
  #expect(answer.status == 200)
  #expect(answer.text == #"{"id":"441350000000002"}"#)
  let action = call(
    emulator, "441350000000002?fields=type,data,tags,place{name},image", token: token)
  #expect(
    action.text
      == #"{"type":"fb_sample_scrumps:eat","data":{"meal":{"id":"101540000000001","url":"\#(mealURL)","type":"fb_sample_scrumps:meal","title":"Pizza"}},"tags":[{"name":"Bob Okafor","id":"100001000000002"}],"place":{"name":"Sears Fine Food","id":"111615355559307"},"image":[{"url":"http://www.sugarmedia.com/nyccookbook/images/pizza.jpg"}],"id":"441350000000002"}"#
  )
  let list = call(emulator, "me/fb_sample_scrumps:eat?fields=id", token: token)
  #expect(list.json?["data"]?[0]?["id"] == "441350000000002")
}

@Test func taggingANonTesterIs1611075() {
  let answer = call(
    GraphEmulator(), "me/fb_sample_scrumps:eat", method: "POST", token: "CAAEmuAlicePublish",
    form: [("meal", mealURL), ("tags", "100002768941660")])
  let trace = answer.headers["x-fb-trace-id"] ?? ""
  #expect(answer.status == 400)
  #expect(
    answer.text
      == #"{"error":{"message":"These users can't be tagged by your app: 100002768941660. Either they aren't developers of your app or your action haven't been approved for tagging.","type":"Exception","code":1611075,"fbtrace_id":"\#(trace)"}}"#
  )
  #expect(answer.headers["WWW-Authenticate"] == nil)
}

@Test func tagsAsTheSDKSerialisesThem() {
  #expect(Router.ids(in: #"[{"id":"1","name":"A"},{"id":"2"}]"#) == ["1", "2"])
  #expect(Router.ids(in: "1, 2") == ["1", "2"])
  #expect(Router.ids(in: #"{"url":"http://x/meal"}"#) == ["http://x/meal"])
  #expect(Router.ids(in: nil) == [])
}

@Test func actionNeedsItsObjectAndAKnownType() {
  let emulator = GraphEmulator()
  let noMeal = call(
    emulator, "me/fb_sample_scrumps:eat", method: "POST", token: "CAAEmuAlicePublish")
  #expect(noMeal.json?["error"]?["code"] == 100)
  let unknown = call(emulator, "me/fb_sample_scrumps:drink", token: "CAAEmuAlicePublish")
  #expect(unknown.json?["error"]?["message"] == "Unknown path components: /fb_sample_scrumps:drink")
}
