import Foundation
import Testing

/// The documented flows of seven PyPI clients (facebook-sdk 3.1.0, facepy 1.0.12,
/// python-facebook-api 0.24.0, social-auth-core 7.0.0, requests-oauthlib 2.0.0, authlib 1.9.10,
/// facebook-business 26.0.3) against `graph-explorer serve`, only their base URL changed
/// (issue 26): the JavaScript SDK's signed request and its code, every field of the clients'
/// default lists, the OAuth code flow of the generic OAuth 2 clients, test users.
@Suite struct ClientFlowsInteropTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Interop/clients_interop.py").path

  @Test func sevenClientsDocumentedFlowsWorkOnTheServedEmulator() async throws {
    let server = try await ServeProcess.launch(["--default-version", "v24.0"])
    let run = try await runProgram("/usr/bin/env", ["python3", Self.script, server.url])
    #expect(run.status == 0, "\(run.output)\n\(run.error)")
    for line in [
      "ok   sdk: get_user_from_cookie reads the cookie",
      "ok   sdk: the code in the signed request is exchanged (redirect_uri '')",
      "ok   facepy: SignedRequest exchanges its code",
      "ok   pyfacebook: user.get_info with its default fields (name_format, short_name)",
      "ok   pyfacebook: page.get_info with its default fields",
      "ok   pyfacebook: APPID/accounts lists the test users",
      "ok   social-auth: user_data with appsecret_proof",
      "ok   requests-oauthlib: fetch_token, then me",
      "ok   authlib: fetch_token (client_secret_post), then me",
      "ok   business: Page every field of its v26.0 list",
      "ok   business: Application every field of its v26.0 list",
      "all clients ok",
    ] {
      #expect(run.output.contains(line), "\(line)\n\(run.output)")
    }
    #expect(await server.terminate() == 0)
    #expect(
      !server.log.contains("5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"),
      "the app secret never reaches the log")
    #expect(!server.log.contains("CAAEmuAlicePages"), "nor a token")
  }
}
