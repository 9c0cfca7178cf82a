import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// What a clean app does and `doctor` must not call wrong (issue 45): the login dialog's and
/// `/picture`'s redirects, an edge read again from its first page (a refresh), the REPL's
/// merged `all`, a new test user's token after an error, and tokens whose kind the redacted
/// placeholder keeps.
@Suite struct DoctorFalseAlarmTests {
  static func interaction(
    _ url: String, method: String = "GET", status: Int = 200, headers: HTTPHeaders = [:],
    body: String = "", requestBody: String = ""
  ) -> Interaction {
    var requestHeaders: HTTPHeaders = [:]
    if !requestBody.isEmpty {
      requestHeaders["Content-Type"] = "application/x-www-form-urlencoded"
    }
    var responseHeaders = headers
    if !body.isEmpty { responseHeaders["Content-Type"] = "application/json; charset=UTF-8" }
    return Interaction(
      request: HTTPRequest(
        method: method, url: url, headers: requestHeaders, body: Array(requestBody.utf8)),
      response: HTTPResponse(status: status, headers: responseHeaders, body: Array(body.utf8)),
      recordedAt: "2026-12-04T12:00:00.000Z")
  }

  static func page(_ ids: [Int], next: String?) -> String {
    let data = ids.map { #"{"id":"\#($0)","name":"Friend \#($0)"}"# }.joined(separator: ",")
    let paging = next.map { #","paging":{"next":"\#($0)"}"# } ?? ""
    return #"{"data":[\#(data)]\#(paging)}"#
  }

  /// As `proxy --record` writes it: the token already a placeholder.
  static let token = "<ACCESS_TOKEN_1>"
  static let graph = "https://graph.facebook.com/\(GraphVersion.latest)"

  /// A session recorded through the proxy from an app that logs in through the dialog, shows
  /// pictures and reads its friends twice (a pull-to-refresh), as the issue's "done when".
  static var cleanApp: Cassette {
    let next = "\(graph)/1000/friends?limit=2&after=QVFI&access_token=\(token)"
    let end = "\(graph)/1000/friends?limit=2&after=QVFJ&access_token=\(token)"
    return Cassette(interactions: [
      interaction(
        "https://www.facebook.com/\(GraphVersion.latest)/dialog/oauth?client_id=1234&redirect_uri=https%3A%2F%2Fapp.example%2Fcb",
        status: 302,
        headers: ["Location": "https://app.example/cb#access_token=\(token)&expires_in=5183999"]),
      interaction(
        "\(graph)/me?fields=id,name&access_token=\(token)", body: #"{"id":"1000","name":"Ann"}"#),
      interaction(
        "\(graph)/me/picture?type=large&access_token=\(token)", status: 302,
        headers: ["Location": "https://scontent.xx.fbcdn.net/p.jpg"]),
      interaction(
        "\(graph)/me/friends?limit=2&access_token=\(token)", body: page([1, 2], next: next)),
      interaction(next, body: page([3], next: end)),
      interaction(end, body: page([], next: nil)),
      interaction(
        "\(graph)/me/friends?limit=2&access_token=\(token)", body: page([1, 2], next: next)),
      interaction(next, body: page([3], next: end)),
      interaction(end, body: page([], next: nil)),
      interaction(
        "\(graph)/1001/picture?access_token=\(token)", status: 302,
        headers: ["Location": "https://scontent.xx.fbcdn.net/q.jpg"]),
    ])
  }

  @Test func aCleanAppHasNoErrorAndNoWarning() {
    let report = DoctorAnalyzer.report(Self.cleanApp, file: "clean", format: "test")
    #expect(report.count(.error) == 0, "\(report.findings)")
    #expect(report.count(.warning) == 0, "\(report.findings)")
    #expect(!report.kinds.contains { $0.hasPrefix("error:") })
    #expect(!report.kinds.contains("paging-loop"))
    let paging = report.findings.first { $0.kind == "paging-one-at-a-time" }
    #expect(paging?.title.hasPrefix("me/friends read in 2 pages (3 items)") == true)
  }

  /// An app on the iOS SDK 3.24 (v2.2 in every path) recorded today from the emulator: each
  /// answer's `facebook-api-version` says v2.2 served it, so no call was made to a dead
  /// version; the recording's date alone (no header, or a newer version answering) still is.
  @Test func aVersionTheAnswerSaysServedItIsNotPastItsEndOfLife() {
    let url = "https://graph.facebook.com/v2.2/me?format=json&sdk=ios&access_token=\(Self.token)"
    func report(_ served: String?) -> DoctorReport {
      var headers: HTTPHeaders = [:]
      if let served { headers["facebook-api-version"] = served }
      var call = Self.interaction(url, headers: headers, body: #"{"id":"1000"}"#)
      call.recordedAt = "2026-12-05T02:00:00.000Z"
      return DoctorAnalyzer.report(Cassette(interactions: [call]), file: "sdk", format: "test")
    }
    #expect(!report("v2.2").kinds.contains("version-past-end-of-life"))
    #expect(report("v2.2").count(.error) == 0)
    #expect(report(nil).kinds.contains("version-past-end-of-life"))
    #expect(report("v2.5").kinds.contains("version-past-end-of-life"))
  }

  /// The iOS SDK 3.24's login: the dialog's redirect names the token and its scopes, then
  /// `me` and `me/permissions` go in one batch; the token is a user token of Bob's with what
  /// the dialog and the batch said (it was an unknown token).
  @Test func aDialogTokenReadInAnSDKBatchIsKnown() throws {
    let token = Self.token
    let fragment =
      "access_token=\(token)&expires_in=5183999&granted_scopes=public_profile%2Cuser_photos"
      + "&denied_scopes=user_likes"
    let item = { (path: String) in
      #"{"method":"GET","relative_url":"\#(path)?format=json&sdk=ios&access_token=\#(token)"}"#
    }
    let batch = "[\(item("me")),\(item("me/permissions"))]"
    let answers = """
      [{"code":200,"body":"{\\"id\\":\\"100001000000002\\",\\"name\\":\\"Bob Okafor\\"}"},\
      {"code":200,"body":"{\\"data\\":[{\\"permission\\":\\"publish_actions\\",\\"status\\":\\"granted\\"}]}"}]
      """
    var body = QueryItems()
    // As the SDK sends it: each item with its own token, none for the batch.
    body.append("batch_app_id", "233936543368280")
    body.append("batch", batch)
    let report = DoctorAnalyzer.report(
      Cassette(interactions: [
        Self.interaction(
          "https://m.facebook.com/v2.2/dialog/oauth", method: "POST", status: 302,
          headers: ["Location": "fbconnect://success#" + fragment], requestBody: "decision=approve"
        ),
        Self.interaction(
          "https://graph.facebook.com/v2.2", method: "POST", body: answers,
          requestBody: body.formEncoded),
      ]), file: "sdk", format: "test")
    let known = try #require(report.analysis.identities.tokens[token])
    #expect(known.kind == "user")
    #expect(known.owner == "Bob Okafor (100001000000002)")
    #expect(known.granted.isSuperset(of: ["public_profile", "user_photos", "publish_actions"]))
    #expect(known.declined == ["user_likes"])
    #expect(known.events.contains { $0.1.hasPrefix("issued by the login dialog") })
  }

  @Test func aCursorFollowedTwiceWithinOneReadIsStillALoop() {
    let next = "\(Self.graph)/1000/friends?limit=2&after=QVFI&access_token=\(Self.token)"
    let cassette = Cassette(interactions: [
      Self.interaction(
        "\(Self.graph)/me/friends?limit=2&access_token=\(Self.token)",
        body: Self.page([1, 2], next: next)),
      Self.interaction(next, body: Self.page([3, 4], next: next)),
      Self.interaction(next, body: Self.page([3, 4], next: next)),
    ])
    let report = DoctorAnalyzer.report(cassette, file: "loop", format: "test")
    #expect(report.kinds.contains("paging-loop"))
  }

  @Test func aNewTestUsersTokenIsNoNewLogin() throws {
    let emulator = GraphEmulator()
    let app = "\(World.default.app.id)|\(World.default.app.secret)"
    let create = HTTPRequest(
      method: "POST",
      url: "https://graph.facebook.com/v2.2/\(World.default.app.id)/accounts/test-users",
      headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array("installed=true&access_token=\(app)".utf8))
    let created = emulator.answer(create)
    let made = try #require(
      try JSONParser.parse(created.body)["access_token"]?.stringValue, "\(created)")
    let requests = [
      DoctorFaultTests.get("me/feed", "CAAEmuAliceExpired"), create,
      DoctorFaultTests.get("me/feed", made),
    ]
    let report = DoctorFaultTests.diagnose(DoctorFaultTests.record(emulator, requests))
    let group = try #require(report.analysis.errors.groups["190/463"])
    #expect(group.appNext[.loggedInAgain] == nil, "\(group.appNext)")
    #expect(group.appNext[.switchedToken] == 1, "\(group.appNext)")
    let labels = report.analysis.identities.order
    #expect(labels.contains("<APP_ACCESS_TOKEN_1>"), "\(labels)")
    #expect(labels.contains("<TEST_USER_ACCESS_TOKEN_1>"), "\(labels)")
    #expect(report.analysis.identities.tokens["<APP_ACCESS_TOKEN_1>"]?.kind == "app")
    #expect(report.analysis.identities.tokens["<TEST_USER_ACCESS_TOKEN_1>"]?.kind == "test user")
  }

  @Test func theSameCallWithAnotherMadeTokenIsNoNewLogin() throws {
    let emulator = GraphEmulator()
    let report = DoctorFaultTests.diagnose(
      DoctorFaultTests.record(
        emulator,
        [
          DoctorFaultTests.get("me", "CAAEmuAliceExpired"),
          DoctorFaultTests.get("me", "CAAEmuBob"),
        ]))
    let group = try #require(report.analysis.errors.groups["190/463"])
    #expect(group.appNext[.switchedToken] == 1, "\(group.appNext)")
    #expect(group.appNext[.loggedInAgain] == nil)
  }

  /// Typed at the prompt: a refresh of `me/friends`, a picture's redirect and `all`'s merged
  /// result (not a request) give neither an error nor a warning.
  @Test(.timeLimit(.minutes(2))) func theREPLsOwnSessionIsClean() throws {
    let home = try InteractiveTests.Home()
    let terminal = try InteractiveTests.start(home)
    for line in [
      "set pager off", "GET me/friends limit=2", "next", "GET me/friends limit=2", "next",
      "GET me/picture", "GET me/friends limit=20", "all",
    ] {
      _ = try InteractiveTests.submit(terminal, line)
    }
    let shown = try InteractiveTests.submit(terminal, "doctor")
    // 1-9 sent (`all` sent #7-#9); #10, its merged result, is none.
    #expect(shown.contains("(9 exchange(s)): 9 interaction(s)"), "\(shown)")
    #expect(shown.contains("0 error(s), 0 warning(s)"), "\(shown)")
    #expect(!shown.contains("paging loop"), "\(shown)")
    try InteractiveTests.leave(terminal)
  }

  /// A session recorded from a generated world carries its published tokens, which are no
  /// secret: `audit` passes and `doctor` lists no `secret-present`.
  @Test func aGeneratedWorldsOwnTokensAreNoLeak() async throws {
    let scratch = ScratchDirectory("doctor-generated")
    defer { scratch.remove() }
    let emulator = GraphEmulator(world: try World.generated(people: 20, friends: 3))
    let app = "\(World.default.app.id)|EmuAppToken"
    let cassette = DoctorFaultTests.record(
      emulator,
      [
        DoctorFaultTests.get("me", "CAAEmuUser0"),
        DoctorFaultTests.get("\(World.default.app.id)?fields=id", app),
      ])
    let file = scratch.file("generated.json")
    try cassette.save(to: file)
    let audit = CapturingConsole()
    #expect(await GraphExplorer.main(arguments: ["audit", file], console: audit) == .success)
    #expect(audit.output.contains("no secrets in 1 file(s)"), "\(audit.output)")
    let doctor = CapturingConsole()
    _ = await GraphExplorer.main(arguments: ["doctor", "--json", file], console: doctor)
    #expect(!doctor.output.contains("secret-present"), "\(doctor.output)")
    #expect(doctor.output.contains("CAAEmuUser0"))
  }

  /// The HTML page: an error's title says its cause once; several files get an overview first,
  /// the most serious file at the top, each a link to its section.
  @Test func theHTMLPageSaysEachCauseOnceAndOverviewsSeveralFiles() {
    let path = DoctorCommandTests.root.appendingPathComponent(
      "Recordings/og-action-needs-publish-actions.json"
    ).path
    let failing = DoctorAnalyzer.report(
      (try? Cassette.loadAnyFormat(path: path)) ?? Cassette(), file: "og.json", format: "test")
    let clean = DoctorAnalyzer.report(Self.cleanApp, file: "clean.json", format: "test")
    let html = DoctorHTML.page([clean, failing])
    #expect(!html.contains("error:200"), "the kind repeated the cause")
    #expect(html.contains("200 Requires extended permission"))
    #expect(html.contains("<h1>doctor: 2 files</h1>"))
    let overview = html[..<(html.range(of: "id=\"r1-top\"")?.lowerBound ?? html.endIndex)]
    let og = overview.range(of: "href=\"#r2-top\"")
    let cleanLink = overview.range(of: "href=\"#r1-top\"")
    #expect(og != nil && cleanLink != nil && og!.lowerBound < cleanLink!.lowerBound)
    #expect(html.contains("id=\"r2-top\""))
  }
}
