import Foundation
import GraphTestSupport
import Testing

/// `history` shows no secret of the session, wherever it appears (issue 31: the app secret
/// and the session's token were printed when a request carried them in another parameter, a
/// path or a JSON body).
@Suite struct HistorySecretTests {
  static let secret = "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"

  @Test func historyHidesTheAppSecretEverywhere() async {
    let run = await ScriptModeTests.run(
      """
      app 233936543368280 \(Self.secret)
      GET me?fields=id&note=\(Self.secret)
      GET \(Self.secret)
      POST me/feed message=\(Self.secret)
      history
      """, ["--no-color"])
    // The history's lines (`#N  status  ...`); the answers themselves may echo what was sent.
    let history = run.output.split(separator: "\n").filter { $0.hasPrefix("#") }
    #expect(history.count == 3, "\(run.output)")
    #expect(!history.contains { $0.contains(Self.secret) }, "\(history)")
  }
}

/// `export` of a cassette holding a raw token (written by hand or another tool) writes it
/// redacted, as `import` and recording do (issue 31).
@Test func exportRedactsARawToken() async throws {
  let scratch = ScratchDirectory()
  defer { scratch.remove() }
  let token = "EAABsbCS1iHgBAKZBZAraw" + String(repeating: "x", count: 40)
  let path = scratch.file("raw.json")
  let text = """
    {
      "graph_explorer_cassette": 1,
      "interactions": [
        {
          "request": {"method": "GET", "url": "https://graph.facebook.com/v2.8/me?access_token=\(token)"},
          "response": {"status": 200, "headers": {}, "body": {"json": {"token": "\(token)"}}},
          "recorded_at": "2014-10-15T12:00:00Z"
        }
      ]
    }
    """
  #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
  let binary = try #require(ServeProcess.executable("graph-explorer")).path
  let run = try await runProgram(binary, ["export", path, "--format", "har"])
  #expect(run.status == 0, "\(run.error)")
  #expect(!run.output.contains(token), "\(run.output)")
}
