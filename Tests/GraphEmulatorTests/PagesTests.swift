import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

/// Pages a person manages, Page tokens and posting as the Page (issue 26).
@Suite struct PagesTests {
  static let market = "146903518661553"
  static let pages = "CAAEmuAlicePages"
  static let pageToken = "EAAEmuMarketPage"

  @Test func meAccountsListsTheManagedPageWithItsTokenAndTasksOrPerms() throws {
    let emulator = GraphEmulator()
    let now = call(emulator, "v24.0/me/accounts", token: Self.pages).json
    let item = try #require(now?["data"]?[0])
    #expect(
      item.objectValue?.members.map(\.key) == ["access_token", "category", "name", "id", "tasks"])
    #expect(item["access_token"] == .string(Self.pageToken))
    #expect(item["id"] == .string(Self.market))
    #expect(item["tasks"]?[4] == "MANAGE")
    let old = call(emulator, "v2.12/me/accounts", token: Self.pages).json?["data"]?[0]
    #expect(old?["perms"]?[0] == "ADMINISTER")
    #expect(old?["tasks"] == nil)
    let asked = call(emulator, "v24.0/me/accounts?fields=name,access_token", token: Self.pages)
    #expect(
      asked.json?["data"]?[0]?.objectValue?.members.map(\.key) == ["name", "access_token", "id"])
    #expect(
      call(emulator, "v24.0/me/accounts?fields=perms", token: Self.pages).json?["error"]?["code"]
        == 100)
    // Without pages_show_list or manage_pages the edge is empty.
    #expect(call(emulator, "v24.0/me/accounts", token: "CAAEmuAlice").text == #"{"data":[]}"#)
    // The single-Page form: <page>?fields=access_token.
    let single = call(emulator, "v24.0/\(Self.market)?fields=access_token", token: Self.pages)
    #expect(single.json?["access_token"] == .string(Self.pageToken))
  }

  @Test func debugTokenDescribesAPageToken() {
    let emulator = GraphEmulator()
    let data = call(
      emulator, "v24.0/debug_token?input_token=\(Self.pageToken)", token: Self.pages
    ).json?["data"]
    #expect(data?["type"] == "PAGE")
    #expect(data?["profile_id"] == .string(Self.market))
    #expect(data?["user_id"] == "100001000000001")
    #expect(data?["is_valid"] == true)
  }

  @Test func aPageTokenIsThePageAndPostsAsIt() throws {
    let emulator = GraphEmulator()
    #expect(call(emulator, "v24.0/me", token: Self.pageToken).json?["id"] == .string(Self.market))
    let posted = call(
      emulator, "v24.0/\(Self.market)/feed", method: "POST", token: Self.pageToken,
      form: [("message", "Peaches are in")])
    let id = try #require(posted.json?["id"]?.stringValue, "\(posted.text)")
    #expect(id.hasPrefix(Self.market + "_"))
    let read = call(emulator, "v24.0/\(id)?fields=from,message", token: Self.pages).json
    #expect(read?["from"]?["id"] == .string(Self.market))
    let feed = call(emulator, "v24.0/\(Self.market)/posts?fields=id", token: Self.pageToken).json
    #expect(feed?["data"]?[0]?["id"] == .string(id))
    let comment = call(
      emulator, "v24.0/\(id)/comments", method: "POST", token: Self.pageToken,
      form: [("message", "Open till 2")])
    #expect(comment.json?["id"] != nil, "\(comment.text)")
    let photo = call(
      emulator, "v24.0/\(Self.market)/photos", method: "POST", token: Self.pageToken,
      form: [("url", "http://127.0.0.1/p.jpg")])
    #expect(photo.json?["post_id"] != nil, "\(photo.text)")
  }

  @Test func aUserTokenWhereAPageTokenIsNeededIsGraphsErrorAtEachVersion() {
    let emulator = GraphEmulator()
    let post = call(
      emulator, "v24.0/\(Self.market)/feed", method: "POST", token: "CAAEmuAlicePublish",
      form: [("message", "as me")])
    #expect(post.status == 403)
    #expect(
      post.json?["error"]?["message"]
        == "(#200) This endpoint is deprecated since the required permission publish_actions is deprecated"
    )
    let insights = call(emulator, "v24.0/\(Self.market)/insights", token: Self.pages)
    #expect(insights.json?["error"]?["code"] == 190)
    #expect(
      insights.json?["error"]?["message"]
        == "(#190) This method must be called with a Page Access Token")
    // Before v3.0 a manager's user token with read_insights read them.
    let old = call(emulator, "v2.12/\(Self.market)/insights", token: Self.pages).json
    #expect(old?["data"]?[0]?["name"] == "page_fans")
    #expect(call(emulator, "v2.12/\(Self.market)/insights").json?["error"]?["code"] == 200)
  }

  @Test func commentsAndLikesAsAPersonAreRetiredWithPublishActions() {
    let emulator = GraphEmulator()
    let post = "100001000000001_10152000000100"
    for (path, form) in [("\(post)/comments", [("message", "hi")]), ("\(post)/likes", [])] {
      let now = call(
        emulator, "v3.0/\(path)", method: "POST", token: "CAAEmuAlicePublish", form: form)
      #expect(
        now.json?["error"]?["message"]?.stringValue?.contains("publish_actions is deprecated")
          == true)
      // A person's likes went earlier, with v2.9 (`VersionRule.likesNeedPageToken`).
      let before = path.hasSuffix("/likes") ? "v2.8" : "v2.12"
      let then = call(
        emulator, "\(before)/\(path)", method: "POST", token: "CAAEmuAlicePublish", form: form)
      #expect(then.status == 200, "\(then.text)")
    }
  }

  @Test func appAccountsListsTestUsersAndTheirDeleteAnswersLikeEveryDelete() throws {
    let emulator = GraphEmulator()
    let app = OAuthTokenTests.app
    let appToken = "\(app)|EmuAppToken"
    let made = call(
      emulator, "v24.0/\(app)/accounts/test-users", method: "POST", token: appToken,
      form: [("installed", "true")])
    let id = try #require(made.json?["id"]?.stringValue)
    #expect(
      call(emulator, "v24.0/\(app)/accounts", token: appToken).json?["data"]?[0]?["id"]
        == .string(id))
    #expect(
      call(emulator, "v24.0/\(id)", method: "DELETE", token: appToken).text == #"{"success":true}"#)
    #expect(call(emulator, "v2.0/\(app)/accounts", token: appToken).text == #"{"data":[]}"#)
  }
}

@Test func insightsMetricIsACommaListOrAJSONArray() {
  let emulator = GraphEmulator()
  for metric in ["page_fans,page_impressions", "%5B%22page_fans%22%2C%22page_impressions%22%5D"] {
    let answer = call(
      emulator, "v24.0/146903518661553/insights?metric=\(metric)", token: "EAAEmuMarketPage")
    #expect(answer.json?["data"]?[1]?["name"] == "page_impressions", "\(answer.text)")
  }
}

/// The fields facebook-business 26.0.3's default lists ask for (issue 26).
@Test func todaysDefaultFieldsAreKnown() {
  let emulator = GraphEmulator()
  let me = call(emulator, "v26.0/me?fields=name,name_format").json
  #expect(me?["name_format"] == "{first} {last}")
  let page = call(
    emulator, "v26.0/146903518661553?fields=fan_count,cover,can_post", token: "CAAEmuAlicePages"
  ).json
  #expect(page?["can_post"] == true)
  #expect(page?["cover"]?["source"]?.stringValue?.isEmpty == false)
  #expect(page?["fan_count"]?.numberValue != nil)
  #expect(
    call(emulator, "v26.0/19292868552?fields=can_post").json?["can_post"] == false)
  let posted = call(
    emulator, "v2.2/me/feed", method: "POST", token: "CAAEmuAlicePublish",
    form: [("message", "look"), ("link", "https://example.com/"), ("name", "Example")])
  let id = posted.json?["id"]?.stringValue ?? ""
  let post = call(emulator, "v26.0/\(id)?fields=attachments").json
  #expect(post?["attachments"]?["data"]?[0]?["type"] == "share", "\(String(describing: post))")
}
