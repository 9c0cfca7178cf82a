import GraphAPI
import GraphJSON
import Testing

@testable import GraphCassette

@Suite struct VerifierTests {
  static let token = "VERIFYTOKEN42"

  /// Records a session against a fresh FakeGraph and returns the cassette.
  static func recorded() async throws -> Cassette {
    let dir = TempDir()
    defer { dir.remove() }
    let recorder = try CassetteRecorder(wrapping: FakeGraph(), file: dir.file("v.json"), mode: .all)
    _ = try await recorder.send(get("https://graph.facebook.com/v2.0/me?access_token=\(token)"))
    _ = try await recorder.send(
      get("https://graph.facebook.com/v2.0/me/friends?access_token=\(token)"))
    _ = try await recorder.send(
      post("https://graph.facebook.com/v2.0/me/feed", form: "message=hi&access_token=\(token)"))
    _ = try await recorder.send(get("https://graph.facebook.com/v2.0/me"))
    return recorder.currentCassette
  }

  @Test func anUnchangedTargetHasNoDriftDespiteVolatileValues() async throws {
    let cassette = try await Self.recorded()
    // A target that has already answered other calls mints other ids, trace ids and cursors.
    let graph = FakeGraph()
    for _ in 0..<5 { _ = try await graph.send(get("https://g/x?access_token=a")) }
    let verifier = CassetteVerifier(
      target: graph, substitutions: ["<ACCESS_TOKEN_1>": Self.token])
    let report = await verifier.verify(cassette)
    #expect(!report.hasDrift, "\(report.text)")
    #expect(report.text.hasSuffix("4 interaction(s), no drift"))
  }

  @Test func driftIsReportedPerInteraction() async throws {
    let cassette = try await Self.recorded()
    let graph = FakeGraph()
    graph.setNameSuffix(" Lovelace")
    let report = await CassetteVerifier(
      target: graph, substitutions: ["<ACCESS_TOKEN_1>": Self.token]
    ).verify(cassette)
    #expect(report.hasDrift)
    #expect(report.results[0].problems == [#"body name: "Ada Lovelace", recorded "Ada""#])
    #expect(report.text.contains("DRIFT #1 GET /v2.0/me?access_token=<ACCESS_TOKEN_1>"))
    #expect(report.text.hasSuffix("1 of 4 interaction(s) drifted"))
  }

  @Test func statusErrorCodeAndExpectationsAreCompared() async throws {
    var cassette = try await Self.recorded()
    cassette.interactions[0].expect = Expectation(status: 200)
    // Without a token the target answers a 2500 error.
    cassette.interactions[0].request.url = "https://graph.facebook.com/v2.0/me"
    let report = await CassetteVerifier(target: FakeGraph()).verify(cassette)
    let problems = report.results[0].problems
    #expect(problems.contains("status 400, recorded 200"))
    #expect(problems.contains("error.code 2500, recorded absent"))
    #expect(problems.contains("expect: status is 400, expected 200"))
  }

  @Test func ignoredPathsAreSkipped() async throws {
    let cassette = try await Self.recorded()
    let graph = FakeGraph()
    graph.setNameSuffix("!")
    let report = await CassetteVerifier(
      target: graph, ignore: [try JSONPathPattern(parsing: "name")],
      substitutions: ["<ACCESS_TOKEN_1>": Self.token]
    ).verify(cassette)
    #expect(!report.hasDrift, "\(report.text)")
  }
}
