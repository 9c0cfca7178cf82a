import Foundation
import GraphTestSupport
import Testing

/// facebook-sdk 3.1.0, facebook-business 26.0.3, facepy and social-auth-core's Facebook
/// backend, unchanged, with only HTTPS_PROXY and REQUESTS_CA_BUNDLE pointing them at
/// `graph-explorer proxy` (Tests/Interop/proxy_clients.py), in a network namespace with only
/// loopback.
@Suite struct ProxyClientsInteropTests {
  static let checks = [
    "ok   facebook-sdk get_all_connections followed paging.next through the proxy",
    "ok   facebook-business User('me').api_get at its default version",
    "ok   facepy get('me') with appsecret_proof",
    "ok   facepy pages through me/friends",
    "ok   social-auth: approving redirects to redirect_uri with a code",
    "ok   social-auth exchanges the code (Graph answers JSON)",
    "ok   social-auth reads me with appsecret_proof",
    "ok   another host is refused (502 to CONNECT)",
    "all clients ok",
  ]

  @Test func pythonClientsReachTheEmulatorThroughTheProxy() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let run = try await ProxyNamespace.run(
      command: [
        "sh", "-c",
        "HTTPS_PROXY=$PROXY REQUESTS_CA_BUNDLE=$CA exec python3 \(ProxyNamespace.interop)/proxy_clients.py",
      ], in: scratch)
    #expect(run.status == 0, "\(run.client)")
    for check in Self.checks { #expect(run.client.contains(check), "\(check)") }
    #expect(run.log.contains("GET https://www.facebook.com/v24.0/dialog/oauth?client_id="))
    #expect(
      run.log.contains(
        "GET https://graph.facebook.com/v24.0/me?access_token=***&appsecret_proof=*** 200"))
    for secret in ["CAAEmuAlice", "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"] {
      #expect(!run.log.contains(secret))
    }
  }

  @Test func pythonClientsRecordedThroughTheProxyAndReplayed() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    guard let binary = ServeProcess.executable("graph-explorer") else {
      throw ServeProcess.Failure(description: "graph-explorer is not built")
    }
    let run = try await runProgram(
      "/usr/bin/unshare",
      ["-n", "sh", ProxyNamespace.interop + "/proxy_record_replay.sh", binary.path, scratch.path])
    let read = { (name: String) in
      (try? String(contentsOfFile: scratch.file(name), encoding: .utf8)) ?? ""
    }
    #expect(
      run.status == 0, "\(run.output)\(run.error)\n\(read("record.out"))\n\(read("replay.out"))")
    // Verification is on: the test's upstream is refused until its CA is given.
    #expect(read("unverified.out").contains("SSL certificate problem: self-signed certificate"))
    #expect(read("unverified.out").hasSuffix(" 502"))
    for check in Self.checks {
      #expect(read("record.out").contains(check), "recording: \(check)")
      #expect(read("replay.out").contains(check), "replay: \(check)")
    }
    let cassette = read("cassette.json")
    #expect(
      cassette.contains(
        #""url": "https://graph.facebook.com/v2.8/me/friends?limit=10&access_token=<ACCESS_TOKEN_1>""#
      ))
    #expect(cassette.contains(#""url": "https://www.facebook.com/v24.0/dialog/oauth?client_id="#))
    for secret in ["CAAEmu", "5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60", "Proxy-Connection"] {
      #expect(!cassette.contains(secret), "\(secret)")
    }
  }
}
