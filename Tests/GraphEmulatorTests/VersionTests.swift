import Foundation
import GraphAPI
import GraphJSON
import Testing

@testable import GraphEmulator

@Test func registryHoldsEveryVersionFromV1ToTheCurrentOne() {
  let served = GraphVersion.served.map(\.description)
  #expect(served.first == "v1.0")
  #expect(served.last == "v27.0")
  #expect(GraphVersion.latest.description == "v27.0")
  #expect(served.count == 42)
  for name in ["v2.0", "v2.12", "v3.0", "v3.3", "v4.0", "v19.0", "v26.0"] {
    #expect(served.contains(name), "\(name) served")
  }
  for name in ["v1.1", "v2.13", "v3.4", "v4.1", "v28.0", "v99.0"] {
    #expect(GraphVersion(name) == nil, "\(name) never existed")
    #expect(GraphVersion(shape: name) != nil)
  }
  #expect(GraphVersion.served == GraphVersion.served.sorted())
  for release in VersionRegistry.releases {
    if let end = release.endOfLife { #expect(release.released < end, "\(release.version)") }
  }
  #expect(VersionRegistry.servedSummary == "v1.0, v2.0-v2.12, v3.0-v3.3, v4.0-v27.0")
}

@Test func versionShapesThatAreNoVersion() {
  for text in ["v", "v2", "v2.", "v.2", "v2.x", "vv2.0", "v2.0.1", "me", "v１.0", "v99999.0"] {
    #expect(GraphVersion(shape: text) == nil, "\(text)")
  }
}

@Test(arguments: ["v3.0", "v12.0", "v26.0", "v27.0"])
func modernVersionsAnswer(_ version: String) {
  let answer = call(GraphEmulator(), "\(version)/me?fields=id,name")
  #expect(answer.status == 200)
  #expect(answer.text == #"{"id":"100001000000001","name":"Alice Whitfield"}"#)
  #expect(answer.headers["facebook-api-version"] == version)
}

@Test(arguments: ["v2.13", "v99.0", "v1.1"])
func versionThatNeverExistedIsNamed(_ version: String) throws {
  let answer = call(GraphEmulator(), "\(version)/me")
  #expect(answer.status == 400)
  let error = try #require(answer.json?["error"])
  #expect(error["code"] == 2500)
  let message = try #require(error["message"]?.stringValue)
  #expect(message.contains(version))
  #expect(message.contains("v1.0, v2.0-v2.12, v3.0-v3.3, v4.0-v27.0"))
  #expect(!message.contains("does not exist"))
  // Also inside a batch.
  let batch = call(
    GraphEmulator(), "", method: "POST",
    form: [("batch", #"[{"method":"GET","relative_url":"\#(version)/me"}]"#)])
  #expect(batch.text.contains("Unknown Graph API version \(version)"))
}

@Test func worldDefaultVersionServesUnversionedCalls() throws {
  var json = World.default.jsonValue
  guard case .object(var root) = json, case .object(var app)? = root["app"] else {
    Issue.record("world JSON has no app")
    return
  }
  app["default_version"] = "v27.0"
  root["app"] = .object(app)
  json = .object(root)
  let emulator = GraphEmulator(world: try World(json: json.compactText))
  let answer = call(emulator, "me")
  #expect(answer.headers["facebook-api-version"] == "v27.0")
  #expect(answer.text == #"{"name":"Alice Whitfield","id":"100001000000001"}"#)
  app["default_version"] = "v2.13\u{1B}[2J"
  root["app"] = .object(app)
  do {
    _ = try World(json: JSONValue.object(root).compactText)
    Issue.record("a world with version v2.13 loaded")
  } catch {
    #expect(
      error.description
        == #"world: $.app.default_version: unknown version "v2.13\u001b[2J"; the versions are v1.0, v2.0-v2.12, v3.0-v3.3, v4.0-v27.0"#
    )
  }
}

/// Whether `rule`'s behaviour shows in an answer at `version`.
func observes(_ rule: VersionRule, at version: GraphVersion) throws -> Bool {
  let emulator = GraphEmulator()
  let v = "\(version)/"
  switch rule {
  case .pageFanCount:
    let page = call(emulator, v + "19292868552?fields=fan_count,likes").json
    guard let fans = page?["fan_count"] else {
      #expect(page?["error"]?["code"] == 100)
      #expect(call(emulator, v + "19292868552?fields=likes").json?["likes"] == 150_000)
      return false
    }
    #expect(fans == 150_000)
    #expect(page?["likes"] == ["data": []])
    return true
  case .pageInsightsNeedPageToken:
    let page = "146903518661553/insights?metric=page_fans"
    let asPage = call(emulator, v + page, token: "EAAEmuMarketPage").json
    #expect(asPage?["data"]?[0]?["name"] == "page_fans")
    return call(emulator, v + page, token: "CAAEmuAlicePages").json?["error"]?["code"] == 190
  case .pageTasksReplacePerms:
    let item = call(emulator, v + "me/accounts", token: "CAAEmuAlicePages").json?["data"]?[0]
    #expect(item?["access_token"] == "EAAEmuMarketPage")
    #expect((item?["tasks"] == nil) != (item?["perms"] == nil))
    return item?["tasks"] != nil
  case .appPermissionsListed:
    let app = "233936543368280"
    let answer = call(emulator, v + app + "/permissions", token: app + "|EmuAppToken").json
    // A person's token never reads the app's permissions.
    #expect(call(emulator, v + app + "/permissions").json?["error"]?["code"] == 100)
    guard let data = answer?["data"] else {
      #expect(answer?["error"]?["code"] == 100)
      return false
    }
    #expect(data[0] == ["permission": "public_profile", "status": "live"])
    return true
  case .usernameFieldRefused:
    return call(emulator, v + "me?fields=username").json?["error"]?["code"] == 12
  case .usernameLookupRefused:
    return call(emulator, v + "alice.whitfield").status == 404
  case .friendsOnlyAppUsers:
    let answer = call(emulator, v + "me/friends?limit=100&summary=true").json
    let count = answer?["data"]?.arrayValue?.count ?? 0
    #expect(answer?["summary"]?["total_count"] == 68)
    return count < 68
  case .friendsPagedByCursor:
    let paging = call(emulator, v + "me/friends?limit=2").json?["paging"]
    let byOffset = call(emulator, v + "me/friends").json?["paging"]?["next"]?.stringValue ?? ""
    guard paging?["cursors"] != nil else {
      #expect(paging?["next"]?.stringValue?.contains("offset=2&__after_id=") == true)
      #expect(byOffset.contains("limit=5000&offset=5000&__after_id="), "\(byOffset)")
      return false
    }
    return paging?["next"]?.stringValue?.contains("after=") == true
  case .friendsNeedUserFriends:
    return call(emulator, v + "me/friends", token: "CAAEmuAliceBasic").text == #"{"data":[]}"#
  case .friendsPermissionsGone:
    let token = try #require(try emulator.grant(["friends_birthday"], token: "CAAEmuAlice").token)
    let answer = call(emulator, v + "100001000000002?fields=birthday", token: token).json
    return answer?["birthday"] == nil
  case .permissionsAsList:
    return call(emulator, v + "me/permissions").json?["data"]?[0]?["permission"] != nil
  case .otherPeoplesFeedRefused:
    let answer = call(
      emulator, v + "100001000000002/feed", method: "POST", token: "CAAEmuAlicePublish",
      form: [("message", "Hi Bob")])
    return answer.json?["error"]?["message"]
      == "(#200) Feed story publishing to other users is disabled for this application"
  case .checkinsEdgeGone:
    let message = "(#12) checkins API is deprecated for versions v2.0 and higher"
    let read = call(emulator, v + "me/checkins").json
    let expanded = call(emulator, v + "me?fields=checkins.limit(1)").json
    let posted = call(
      emulator, v + "me/checkins", method: "POST", token: "CAAEmuAlicePublish",
      form: [("place", "111615355559307")])
    let connections = call(emulator, v + "me?fields=id&metadata=1").json?["metadata"]?[
      "connections"]
    let gone = read?["error"]?["message"] == .string(message)
    #expect(read?["error"]?["code"] == (gone ? 12 : nil))
    #expect((expanded?["error"]?["message"] == .string(message)) == gone)
    #expect((posted.json?["error"]?["message"] == .string(message)) == gone)
    #expect((connections?["checkins"] == nil) == gone)
    if !gone { #expect(read?["data"]?.arrayValue?.isEmpty == false) }
    return gone
  case .taggedPlacesEdge:
    let token = try #require(try emulator.grant(["user_tagged_places"], token: "CAAEmuAlice").token)
    let tags = call(emulator, v + "me/tagged_places?limit=2", token: token).json
    guard let first = tags?["data"]?[0] else {
      #expect(tags?["error"]?["message"] == "Unknown path components: /tagged_places")
      return false
    }
    #expect(first.objectValue?.members.map(\.key) == ["id", "created_time", "place"])
    #expect(first["place"]?["name"] == "Sears Fine Food")
    #expect(call(emulator, v + "me/tagged_places").text == #"{"data":[]}"#)
    return true
  case .deleteAnswersSuccessObject:
    return call(emulator, v + "me/permissions/user_likes", method: "DELETE").text
      == #"{"success":true}"#
  case .reactionsEdge:
    // A Python client's default feed fields: reactions and comments as fields with modifiers.
    let fields =
      "reactions.summary(true).limit(0),reactions.type(LOVE).limit(0).summary(total_count).as(love),"
      + "comments.filter(stream).summary(true).limit(0)"
    let post = call(emulator, v + "100001000000001_10152000000100?fields=\(fields)").json
    guard let reactions = post?["reactions"] else {
      #expect(
        post?["error"]?["message"]
          == "(#100) Tried accessing nonexisting field (reactions) on node type (Post)")
      return false
    }
    let likes = call(emulator, v + "100001000000001_10152000000100/likes?summary=true").json
    #expect(reactions["summary"]?["total_count"] == likes?["summary"]?["total_count"])
    #expect(reactions["summary"]?["viewer_reaction"] != nil)
    #expect(reactions["data"]?.arrayValue?.isEmpty == true)
    #expect(post?["love"]?["summary"] == ["total_count": 0])
    #expect(post?["comments"]?["summary"]?["total_count"] == 2)
    let listed = call(emulator, v + "100001000000001_10152000000100/reactions").json
    #expect(listed?["data"]?[0]?["type"] == "LIKE")
    return true
  case .fqlGone:
    let answer = call(emulator, v + "fql?q=SELECT+uid+FROM+user+WHERE+uid%3Dme()")
    #expect(answer.status == 400)
    return answer.json?["error"]?["message"]
      == "(#12) fql is deprecated for versions v2.1 and higher"
      && answer.json?["error"]?["code"] == 12
  case .oauthAccessTokenAnswersJSON:
    let answer = call(
      emulator,
      v + "oauth/access_token?\(OAuthTokenTests.credentials)&grant_type=client_credentials",
      token: nil)
    #expect(answer.status == 200)
    let json = answer.json?["access_token"]?.stringValue
    #expect((json != nil) != answer.text.hasPrefix("access_token=\(OAuthTokenTests.app)|"))
    return json?.hasPrefix("\(OAuthTokenTests.app)|") == true
      && answer.json?["token_type"] == "bearer"
  case .declarativeFields:
    let page = call(emulator, v + "19292868552").text
    let me = call(emulator, v + "me").text
    #expect(
      (me == #"{"name":"Alice Whitfield","id":"100001000000001"}"#)
        == (page == #"{"name":"Facebook Developers","id":"19292868552"}"#))
    return me == #"{"name":"Alice Whitfield","id":"100001000000001"}"#
  case .modernErrorBody:
    let post = { () -> Answer in
      call(
        emulator, v + "me/feed", method: "POST", token: "CAAEmuAlicePublish",
        form: [("message", "Same again")])
    }
    _ = post()
    let error = try #require(post().json?["error"])
    #expect(error["code"] == 506)
    guard error["error_subcode"] == 1_455_006 else { return false }
    #expect(error["error_user_title"] == "Duplicate Status Update")
    #expect(error["is_transient"] == false)
    #expect(
      error["error_user_msg"]?.stringValue?.hasPrefix("This status update is identical") == true)
    return true
  case .statusesEdgeGone:
    let connections = call(emulator, v + "me?fields=id&metadata=1").json?["metadata"]?[
      "connections"]
    let expanded = call(emulator, v + "me?fields=statuses.limit(1)").json
    let gone =
      call(emulator, v + "me/statuses").json?["error"]?["message"]
      == "Unknown path components: /statuses"
    #expect((connections?["statuses"] == nil) == gone)
    #expect((expanded?["error"]?["code"] == 100) == gone)
    return gone
  case .publishActionsGone:
    let answer = call(
      emulator, v + "me/feed", method: "POST", token: "CAAEmuAlicePublish",
      form: [("message", "Hello from \(version)")])
    let permissions = call(emulator, v + "me/permissions", token: "CAAEmuAlicePublish").text
    #expect(permissions.contains("publish_actions") == !version.follows(rule))
    return answer.status == 403
      && answer.json?["error"]?["message"]
        == "(#200) This endpoint is deprecated since the required permission publish_actions is deprecated"
  case .likesNeedPageToken:
    let post = "100001000000001_10152000000100"
    let answer = call(
      emulator, v + "\(post)/likes", method: "POST", token: "CAAEmuAlicePublish")
    return answer.json?["error"]?["code"] == 3
  case .openGraphActionsGone:
    let answer = call(
      emulator, v + "me/fb_sample_scrumps:eat", method: "POST", token: "CAAEmuAlicePublish",
      form: [("meal", "https://example.com/meal/1")])
    return answer.json?["error"]?["message"]?.stringValue?.contains("publish_actions is deprecated")
      == true
  case .searchPeopleEventsGroupsGone:
    return call(emulator, v + "search?type=user&q=bob").json?["error"]?["message"]
      == "(#100) Unsupported type: user"
  case .placeSearchAnswersPlaceInformation:
    let near = "search?type=place&center=37.785834,-122.406417&distance=1000&limit=1"
    let plain = try #require(call(emulator, v + near).json?["data"]?[0])
    let withPage = call(emulator, v + near + "&fields=name,page").json
    guard let item = withPage?["data"]?[0] else {
      #expect(withPage?["error"]?["code"] == 100)
      #expect(plain["category"] != nil)
      return false
    }
    #expect(item["page"]?["id"] == item["id"])
    #expect(item["page"]?["name"] == item["name"])
    #expect(plain["category"] == nil && plain["location"] != nil && plain["name"] != nil)
    return true
  }
}

@Test(arguments: VersionRule.allCases)
func ruleChangesAtItsVersion(_ rule: VersionRule) throws {
  let served = GraphVersion.served
  let index = try #require(served.firstIndex(of: rule.since))
  #expect(index > 0)
  #expect(try !observes(rule, at: served[index - 1]), "before \(rule.since)")
  #expect(try observes(rule, at: rule.since), "at \(rule.since)")
  if let later = rule.supersededBy {
    #expect(try observes(later, at: .latest), "\(later) at \(GraphVersion.latest)")
  } else {
    #expect(try observes(rule, at: .latest), "at \(GraphVersion.latest)")
  }
  #expect(rule.source.hasPrefix("https://"))
}

@Test func emulatorDocsCarryTheRegistryTables() throws {
  let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/emulator.md")
  let text = try String(contentsOf: docs, encoding: .utf8)
  #expect(
    text.contains(VersionRegistry.markdownTable),
    "docs/emulator.md lacks the version table:\n\(VersionRegistry.markdownTable)")
  #expect(
    text.contains(VersionRule.markdownTable),
    "docs/emulator.md lacks the rule table:\n\(VersionRule.markdownTable)")
}

/// `GraphVersion(shape:)` reads the text in place as the array-of-bytes reading before it
/// did (issue 48), on every text of up to four pieces of `v`, `.`, digits and others.
@Test func versionShapesReadInPlaceAsFromAnArray() {
  func fromArray(_ text: String) -> GraphVersion? {
    let bytes = Array(text.utf8)
    guard bytes.count <= 12, bytes.first == UInt8(ascii: "v"),
      let dot = bytes.firstIndex(of: UInt8(ascii: "."))
    else { return nil }
    func number(_ digits: ArraySlice<UInt8>) -> Int? {
      guard !digits.isEmpty, digits.count <= 4,
        digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
      else { return nil }
      return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
    guard let major = number(bytes[1..<dot]), let minor = number(bytes[(dot + 1)...]) else {
      return nil
    }
    return GraphVersion(major: major, minor: minor)
  }
  let pieces = ["v", ".", "0", "2", "9", "13", "4567", "99999", "x", "é", "１", ""]
  var texts = [""]
  for _ in 0..<4 { texts = texts.flatMap { text in pieces.map { text + $0 } } }
  texts += ["v2.0", "v27.0", "v1234.5678", "v12345.0", "v0.12345", "v2.0.", "v2..0"]
  for text in texts {
    #expect(GraphVersion(shape: text) == fromArray(text), "\(text)")
  }
}
