import Foundation
import Testing

/// Every public method of facebook-sdk 3.1.0's `GraphAPI` (from PyPI) against
/// `graph-explorer serve`: the login, app and dialog surface included (issue 13).
@Suite struct ServeSurfaceInteropTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Interop/facebook_sdk_surface_interop.py")
    .path

  @Test
  func everyGraphAPIMethodWorksAgainstServe() async throws {
    let server = try await ServeProcess.launch([])
    let run = try await runProgram("/usr/bin/env", ["python3", Self.script, server.url])
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    for line in [
      "ok   get_access_token_from_code answers a 60-day bearer token",
      "ok   extend_access_token answers a new 60-day token",
      "ok   debug_access_token with the app's credentials",
      "ok   the photo's source answers the uploaded bytes",
      "ok   delete_request(bob, request) succeeds",
    ] {
      #expect(run.output.contains(line), "missing: \(line)")
    }
    #expect(await server.terminate() == 0)
    for secret in ["CAAEmuAlicePublish", "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"] {
      #expect(!server.log.contains(secret), "\(secret) never reaches the log")
    }
  }
}
