import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON
import Testing

@testable import ExplorerCLI

/// `doctor` on sessions recorded from the emulator with scripted faults: for each, the cause,
/// the iOS SDK 3.x's next step and what the app did next.
@Suite struct DoctorFaultTests {
  /// Records `requests` against `emulator`, one second apart.
  static func record(_ emulator: GraphEmulator, _ requests: [HTTPRequest]) -> Cassette {
    var interactions: [Interaction] = []
    for (index, request) in requests.enumerated() {
      let second = index < 10 ? "0\(index)" : "\(index)"
      interactions.append(
        Interaction(
          request: request, response: emulator.answer(request),
          recordedAt: "2014-10-15T12:00:\(second).000Z"))
    }
    return Cassette(interactions: interactions)
  }

  static func get(_ path: String, _ token: String) -> HTTPRequest {
    let separator = path.contains("?") ? "&" : "?"
    return HTTPRequest(
      url: "https://graph.facebook.com/v2.2/\(path)\(separator)access_token=\(token)")
  }

  static func form(_ method: String, _ path: String, _ body: String) -> HTTPRequest {
    HTTPRequest(
      method: method, url: "https://graph.facebook.com/v2.2/\(path)",
      headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(body.utf8))
  }

  static func diagnose(_ cassette: Cassette) -> DoctorReport {
    DoctorAnalyzer.report(cassette, file: "fault", format: "test")
  }

  /// The default world with Alice's token expiring `after` seconds into the session.
  static func worldWithExpiringToken(after seconds: Int) throws -> World {
    var root = World.default.jsonValue.objectValue!
    var tokens = root["tokens"]!.arrayValue!
    let index = tokens.firstIndex { $0["token"]?.stringValue == "CAAEmuAlice" }!
    var alice = tokens[index].objectValue!
    alice["expires_at"] = .number(JSONNumber(World.default.clock + seconds))
    tokens[index] = .object(alice)
    root["tokens"] = .array(tokens)
    return try World(json: JSONValue.object(root).prettyText)
  }

  @Test func anExpiredTokenMidSessionThenKeptInUse() throws {
    let emulator = GraphEmulator(world: try Self.worldWithExpiringToken(after: 2))
    let cassette = Self.record(
      emulator,
      [
        Self.get("me", "CAAEmuAlice"), Self.get("me/friends", "CAAEmuAlice"),
        Self.get("me/feed", "CAAEmuAlice"), Self.get("me/photos", "CAAEmuAlice"),
      ])
    let report = Self.diagnose(cassette)
    #expect(report.kinds.contains("error:190/463"))
    #expect(report.kinds.contains("dead-token-reused"))
    let group = try #require(report.analysis.errors.groups["190/463"])
    #expect(group.explanation.sdk.category == .authenticationReopenSession)
    #expect(DoctorNextStep.text(for: group.explanation.sdk).contains("log in again"))
    // The session starts well; after the expiry every call fails, and the app kept going.
    #expect((group.interactions.first ?? 0) >= 2)
    #expect(group.interactions.last == 4)
    #expect(group.appNext[.keptGoingWithDeadToken] == group.count - 1)
    #expect(group.appNext[.gaveUp] == 1)
    let token = try #require(report.analysis.identities.tokens["CAAEmuAlice"])
    #expect(token.death?.reason == "expired (190/463)")
    #expect(token.owner == "Alice Whitfield (100001000000001)")
    #expect(report.worst == .error)
  }

  @Test func aRevokedPermission() throws {
    let emulator = GraphEmulator()
    let token = "CAAEmuAlicePublish"
    let cassette = Self.record(
      emulator,
      [
        Self.form("POST", "me/feed", "message=one&access_token=\(token)"),
        Self.form("DELETE", "me/permissions/publish_actions", "access_token=\(token)"),
        Self.form("POST", "me/feed", "message=two&access_token=\(token)"),
      ])
    let report = Self.diagnose(cassette)
    let cause = try #require(report.kinds.first { $0.hasPrefix("error:200") })
    let group = try #require(report.analysis.errors.groups[String(cause.dropFirst(6))])
    #expect(group.explanation.sdk.category == .permissions)
    #expect(
      DoctorNextStep.text(for: group.explanation.sdk).contains("ask for the missing permission"))
    #expect(group.interactions == [3])
    let record = try #require(report.analysis.identities.tokens[token])
    #expect(record.missing.contains("publish_actions"))
    #expect(record.events.contains { $0.0 == 2 && $0.1.contains("publish_actions revoked") })
  }

  @Test func aThrottledApp() throws {
    let emulator = GraphEmulator()
    emulator.setThrottle(callsPerMinute: 3)
    let cassette = Self.record(emulator, Array(repeating: Self.get("me", "CAAEmuAlice"), count: 6))
    let report = Self.diagnose(cassette)
    let throttled = report.analysis.throttling.errors
    #expect(!throttled.isEmpty)
    let code = try #require(throttled.keys.sorted().first)
    let group = try #require(report.analysis.errors.groups["\(code)"])
    #expect(group.explanation.sdk.category == .throttling)
    #expect(DoctorNextStep.text(for: group.explanation.sdk).contains("back off"))
    #expect((group.appNext[.retriedSameCall] ?? 0) >= 1)
    #expect(report.kinds.contains("repeated-get"))
    let usage = try #require(report.analysis.throttling.usage["x-app-usage"])
    #expect(usage.crossed100 != nil)
    #expect(report.kinds.contains("usage-over-limit"))
    // Issue 45: the usage chart has a scale and its dashed line a label, and a legend.
    let html = DoctorHTML.page([report])
    for tick in ["0%", "50%", "100%"] { #expect(html.contains(">\(tick)</text>"), "\(tick)") }
    #expect(html.contains(">100%: Graph throttles the app</text>"))
    #expect(html.contains(">x-app-usage (peak "), "\(html)")
  }

  @Test func aPagingLoop() throws {
    let emulator = GraphEmulator()
    let first = Self.get("me/friends?limit=10", "CAAEmuAlice")
    let answer = try JSONParser.parse(emulator.answer(first).body)
    let next = try #require(answer["paging"]?["next"]?.stringValue)
    let cassette = Self.record(
      emulator,
      [
        first, HTTPRequest(url: next), HTTPRequest(url: next), HTTPRequest(url: next),
      ])
    let report = Self.diagnose(cassette)
    #expect(report.kinds.contains("paging-loop"))
    let loop = try #require(report.findings.first { $0.kind == "paging-loop" })
    #expect(loop.interactions.first == 3)
    #expect(loop.level == .error)
  }

  @Test func aBatchWithAFailingItem() throws {
    let emulator = GraphEmulator()
    let batch =
      #"[{"method":"GET","relative_url":"me"},{"method":"GET","relative_url":"me?fields=nosuchfield"}]"#
    let body = "access_token=CAAEmuAlice&batch=" + PercentEncoding.encode(batch)
    let cassette = Self.record(
      emulator, [Self.form("POST", "", body), Self.get("me", "CAAEmuAlice")])
    let report = Self.diagnose(cassette)
    let group = try #require(report.analysis.errors.groups["100"])
    #expect(group.batchItems.first?.hasPrefix("#1[1] GET me?fields=nosuchfield") == true)
    #expect(group.explanation.sdk.category == .facebookOther)
    #expect(DoctorNextStep.text(for: group.explanation.sdk).contains("must be fixed"))
    #expect(group.appNext[.movedOn] == 1)
    #expect(report.analysis.errors.groups.count == 1)
  }
}
