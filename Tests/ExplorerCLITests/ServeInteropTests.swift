import Foundation
import Testing

/// facebook-sdk from PyPI (a client nobody here wrote) against `graph-explorer serve`.
@Suite struct ServeInteropTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Interop/facebook_sdk_interop.py").path

  @Test
  func facebookSDKTalksToTheServedEmulator() async throws {
    let server = try await ServeProcess.launch([])
    let run = try await runProgram("/usr/bin/env", ["python3", Self.script, server.url])
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    #expect(run.output.contains("ok   get_all_connections followed paging.next"))
    #expect(await server.terminate() == 0)
    #expect(!server.log.contains("CAAEmuAlicePublish"), "the token never reaches the log")
  }
}
