import Foundation
import Testing

/// Pages and Page tokens through facebook-business 26.0.3, facebook-sdk 3.1.0 and
/// python-facebook-api against `graph-explorer serve`, only their base URL changed (issue 26).
@Suite struct PagesInteropTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Interop/pages_interop.py").path

  @Test func todaysClientsManagePagesOnTheServedEmulator() async throws {
    let server = try await ServeProcess.launch([])
    let run = try await runProgram("/usr/bin/env", ["python3", Self.script, server.url])
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    for line in [
      "ok   business: get_accounts lists the Page", "ok   business: create_feed posts as the Page",
      "ok   business: insights with a user token raise 190",
      "ok   sdk: debug_access_token says PAGE", "ok   sdk: put_comment as the Page",
      "ok   pyfacebook: get_connection me/accounts lists the Page",
    ] {
      #expect(run.output.contains(line), "\(line)\n\(run.output)")
    }
    #expect(await server.terminate() == 0)
    #expect(!server.log.contains("EAAEmuMarketPage"), "the Page token never reaches the log")
    #expect(!server.log.contains("CAAEmuAlicePages"), "nor the user token")
  }
}
