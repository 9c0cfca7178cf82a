import Foundation
import Testing

@testable import ExplorerCLI

/// Issue 29: `login` and `grant` against a served emulator go through its login dialog, so the
/// server knows the token (under replay the session's emulator keeps them:
/// `RecordedSessionTests`).
@Suite struct ServedLoginTests {
  @Test func loginAndGrantGoThroughTheServersDialog() async throws {
    let server = try await ServeProcess.launch([])
    let run = await ScriptModeTests.run(
      "login bob publish_actions\nGET me?fields=name\nPOST me/feed message=served\n"
        + "grant user_photos\nGET me/permissions\n"
        // Issue 43: a revoked permission is declined; `grant` asks again (`auth_type=rerequest`,
        // as the SDK's requestNew...Permissions) and gets it back.
        + "DELETE me/permissions/user_photos\ngrant user_photos\nGET me/permissions\n",
      ["--no-color", "--target", server.url])
    #expect(run.status == .success, "\(run.output)\n\(run.errors)")
    #expect(run.output.contains("FBSessionStateOpen · through \(server.url)'s login dialog"))
    #expect(run.output.contains("\"name\": \"Bob Okafor\""), "\(run.output)")
    #expect(!run.output.contains("\"code\": 190"), "the server knows the token")
    #expect(run.output.contains("\"permission\": \"user_photos\""))
    #expect(!run.output.contains("\"declined\""), "\(run.output)")
    #expect(await server.terminate() == 0)
  }
}
