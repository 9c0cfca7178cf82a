import GraphAPI
import GraphEmulator
import GraphJSON
import Testing

@testable import ExplorerCLI
@testable import GraphCassette

/// Issue 42, a feed read at two times. Shaped after ISS-SOA/facegroup's facebook_api.yml
/// (2016): a group's feed read inside `fields` on 4 November (two posts, then a `next` link to
/// posts no answer shows), one of its posts read alone a second later (its link-shim URL
/// signed anew: another `h` and `enc`), and the feed read again on 1 December, listing two
/// posts made in between. The world holds the posts of both reads; read as of the clock, the
/// first read lists only what existed then, and its page goes on (`paging.continued`).
@Suite struct RecordedWorldFeedClockTests {
  static let token = RecordedWorldClockTests.token
  static let group = "150000000000009"

  /// A post's attachment behind the link shim, signed with `h`.
  static func shimmed(_ h: String) -> String {
    #"{"data":[{"url":"http:\/\/www.facebook.com\/l.php?u=http%3A%2F%2Ftutorialzine.com%2Fquiz%2F&h=\#(h)&enc=AZP\#(h)&s=1"}]}"#
  }

  static let quiz = #""message":"Guess the language","updated_time":"2016-10-06T06:51:44+0000""#
  static let fields = "message,updated_time,created_time,attachments%7Burl%7D"

  static let steps: [(url: String, status: Int, body: String, date: String)] = [
    (
      "https://graph.facebook.com/\(group)?access_token=\(token)&fields=id,name,feed%7B\(fields)%7D",
      200,
      #"{"id":"\#(group)","name":"SOA group","feed":{"data":[{\#(quiz),"created_time":"2016-10-04T02:21:25+0000","attachments":\#(shimmed("ATMa1")),"id":"\#(group)_901"},{"message":"Codecademy","updated_time":"2016-09-13T02:04:20+0000","created_time":"2016-09-13T02:04:20+0000","id":"\#(group)_900"}],"paging":{"previous":"https:\/\/graph.facebook.com\/v2.6\/\#(group)\/feed?fields=\#(fields)&since=1475736704&access_token=\#(token)&limit=25&__paging_token=enc_AdAc&__previous=1","next":"https:\/\/graph.facebook.com\/v2.6\/\#(group)\/feed?fields=\#(fields)&access_token=\#(token)&limit=25&until=1473732260&__paging_token=enc_AdA5"}}}"#,
      "Fri, 04 Nov 2016 05:50:43 GMT"
    ),
    (
      "https://graph.facebook.com/\(group)_901?access_token=\(token)&fields=\(fields)", 200,
      #"{\#(quiz),"created_time":"2016-10-04T02:21:25+0000","attachments":\#(shimmed("ATMb2")),"id":"\#(group)_901"}"#,
      "Fri, 04 Nov 2016 05:50:44 GMT"
    ),
    (
      "https://graph.facebook.com/\(group)/feed?access_token=\(token)&limit=3", 200,
      #"{"data":[{"message":"Newer","updated_time":"2016-11-30T16:41:03+0000","id":"\#(group)_903"},{"message":"New","updated_time":"2016-11-06T07:48:18+0000","id":"\#(group)_902"},{\#(quiz),"id":"\#(group)_901"}],"paging":{"previous":"https:\/\/graph.facebook.com\/v2.6\/\#(group)\/feed?icon_size=16&since=1480524063&access_token=\#(token)&limit=3&__paging_token=enc_AdD2&__previous=1","next":"https:\/\/graph.facebook.com\/v2.6\/\#(group)\/feed?icon_size=16&access_token=\#(token)&limit=3&until=1475736704&__paging_token=enc_AdAq"}}"#,
      "Thu, 01 Dec 2016 04:39:16 GMT"
    ),
  ]

  @Test func anEarlierFeedReadListsWhatExistedThenAndGoesOn() async throws {
    let world = try await RecordedWorldClockTests.worldAnsweringItsRecording(
      RecordedWorldClockTests.vcr(Self.steps, version: "v2.6"), count: 3)
    #expect(world["paging"]?["as_of_clock"] == true, "\(world)")
    #expect(world["paging"]?["continued"]?[Self.group] == ["feed"], "\(world)")
  }

  /// A link-shim URL is compared by its target alone: another `h` and `enc` are the same link,
  /// another `u` is not.
  @Test func aShimmedLinkIsComparedByItsTarget() throws {
    func difference(_ recorded: String, _ actual: String) -> JSONDifference? {
      JSONDiff.diff(
        ["url": .string(recorded)], ["url": .string(actual)], options: JSONDiffOptions()
      ).differences.first
    }
    let shim = "http://www.facebook.com/l.php?u=http%3A%2F%2Fexample.com%2F"
    let signedAnew = try #require(difference(shim + "&h=ATMa1&enc=A1", shim + "&h=B&enc=B2"))
    #expect(LinkShim.sameTarget(signedAnew))
    let elsewhere = try #require(
      difference(shim + "&h=A", "http://www.facebook.com/l.php?u=http%3A%2F%2Fexample.org%2F&h=A"))
    #expect(!LinkShim.sameTarget(elsewhere))
    let notShim = try #require(
      difference("http://example.com/l.php?u=a&h=1", "http://example.com/l.php?u=a&h=2"))
    #expect(!LinkShim.sameTarget(notShim))
  }

  /// In a world whose clock is the recording's, a post made after the clock is on no edge until
  /// the clock reaches it; the answer kept for the same read is not given again once it has.
  @Test func aPostMadeAfterTheClockIsListedOnceTheClockReachesIt() async throws {
    guard case .object(var root) = World.default.jsonValue else { return }
    let alice = World.default.defaultUserID
    // An hour after the default world's clock (2014-10-15T12:00:00+0000).
    let clock = World.default.clock
    let anHourOn = "2014-10-15T13:00:00+0000"
    let later = "\(alice)_777"
    var nodes = root["nodes"]?.arrayValue ?? []
    nodes.append([
      "id": .string(later), "type": "post",
      "fields": [
        "message": "Not yet", "created_time": .string(anHourOn),
        "from": ["id": .string(alice), "name": "Alice"],
      ],
    ])
    root["nodes"] = .array(nodes)
    guard case .object(var edges) = root["edges"] ?? .null,
      case .object(var lists) = edges[alice] ?? .null
    else { return }
    lists["feed"] = .array([.string(later)] + (lists["feed"]?.arrayValue ?? []))
    edges[alice] = .object(lists)
    root["edges"] = .object(edges)
    let read = HTTPRequest(
      .get, url: "https://graph.facebook.com/v2.2/me/feed?limit=1&access_token=CAAEmuAlice")
    func firstID(_ emulator: GraphEmulator) async throws -> String? {
      let body = try JSONParser.parse(try await emulator.send(read).body)
      return body["data"]?[0]?["id"]?.stringValue
    }
    // Without `as_of_clock` (the default world's way) every item is listed.
    let undated = GraphEmulator(world: try World(json: JSONPrinter().bytes(.object(root))))
    #expect(try await firstID(undated) == later)
    root["paging"] = ["as_of_clock": true]
    let emulator = GraphEmulator(world: try World(json: JSONPrinter().bytes(.object(root))))
    let before = try await firstID(emulator)
    #expect(before != nil && before != later)
    #expect(try await firstID(emulator) == before)
    emulator.followClock(to: clock + 3_600)
    #expect(try await firstID(emulator) == later)
  }
}
