import Foundation
import GraphAPI
import GraphCassette
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 27: an already-sanitised cassette audits clean: a placeholder such as `<FB_TOKEN>` is
/// one in a query and in `Authorization: Bearer` alike, and a dummy token named after an OAuth
/// error (`invalid_token`) does not rewrite Graph's own `WWW-Authenticate` text.
@Suite struct PlaceholderAuditTests {
  static let challenge = #"OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token.""#

  static func sanitised(at path: String) throws {
    let cassette = Cassette(interactions: [
      Interaction(
        request: HTTPRequest(
          .get, url: "https://graph.facebook.com/v2.0/me?access_token=<FB_TOKEN>",
          headers: ["Authorization": "Bearer <FB_TOKEN>"]),
        response: HTTPResponse(
          status: 200, headers: ["Content-Type": "application/json"],
          body: Array(#"{"id":"1"}"#.utf8)),
        recordedAt: "2025-11-30T08:00:00.000Z"),
      Interaction(
        request: HTTPRequest(
          .get, url: "https://graph.facebook.com/v2.0/me?access_token=invalid_token"),
        response: HTTPResponse(
          status: 400,
          headers: ["Content-Type": "application/json", "WWW-Authenticate": Self.challenge],
          body: Array(
            #"{"error":{"message":"Invalid OAuth access token.","type":"OAuthException","code":190}}"#
              .utf8)),
        recordedAt: "2025-11-30T08:00:00.000Z"),
    ])
    try cassette.save(to: path)
  }

  @Test func aSanitisedCassetteAuditsCleanAndKeepsGraphsText() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("sanitised.json")
    try Self.sanitised(at: file)
    let audit = CapturingConsole(input: "")
    #expect(await GraphExplorer.main(arguments: ["audit", file], console: audit) == .success)
    #expect(audit.output.contains("no secrets"), "\(audit.output)")
    let output = scratch.file("imported.json")
    let imported = CapturingConsole(input: "")
    #expect(
      await GraphExplorer.main(arguments: ["import", file, "-o", output], console: imported)
        == .success)
    let kept = try Cassette.load(path: output)
    #expect(kept.interactions[1].response.headers["WWW-Authenticate"] == Self.challenge)
    #expect(kept.interactions[0].request.headers["Authorization"] == "Bearer <FB_TOKEN>")
  }
}
