import Foundation
import GraphTestSupport
import Testing

/// curl through `graph-explorer proxy`, unchanged but for `--proxy` and `--cacert`, in a
/// network namespace with only loopback (Tests/Interop/proxy_curl.sh).
@Suite struct ProxyCurlTests {
  @Test func curlGetsTheEmulatorsAnswersForFacebooksHostsAndA502ForOthers() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let run = try await ProxyNamespace.run(
      command: ["sh", ProxyNamespace.interop + "/proxy_curl.sh"], in: scratch)
    #expect(run.status == 0, "\(run.client)")
    let lines = run.client
    #expect(lines.contains(#"me: {"id":"100001000000001","name":"Alice Whitfield"} 200 1.1 0"#))
    #expect(lines.contains("tls1.2: 200"))
    #expect(lines.contains("tls1.3: 200"))
    #expect(lines.contains("alpn: ALPN: server accepted http/1.1"))
    #expect(lines.contains("dialog: 200"))
    #expect(lines.contains(#"video: {"id":"100001000000001"} 200"#))
    #expect(lines.contains(#"plain: {"id":"100001000000001"} 200"#))
    #expect(lines.contains("other: curl: (56) CONNECT tunnel failed, response 502"))
    #expect(
      lines.contains(
        "other-plain: {\"error\":{\"message\":\"graph-explorer proxy does not answer for example.com:"
      ))
    #expect(lines.contains("untrusted: curl: (60)"))
    // Two requests, one connection (and one handshake): keep-alive inside the tunnel.
    #expect(lines.contains("keepalive: 200/1 200/0"))
    #expect(lines.contains("post: {\"id\":\"100001000000001_"))
    // serve's limits hold inside the tunnel: a 40 KB header section is refused 431.
    #expect(lines.contains("limits: 431"))
    // /me/picture's redirect to the CDN-style URL, followed through the proxy: a PNG.
    #expect(lines.contains("picture: 200 image/png 1 211PNG"), "\(lines)")
    // serve's log, with whole URLs and secrets masked; the refusals and the failed handshake.
    #expect(
      run.log.contains(
        "graph-explorer: GET https://graph.facebook.com/v2.2/me?fields=id,name&access_token=*** 200"
      ))
    #expect(run.log.contains("graph-explorer: CONNECT example.com:443 502"))
    #expect(
      run.log.contains("the TLS handshake failed (does the client trust graph-explorer's CA?"))
    #expect(!run.log.contains("CAAEmuAlice"))
    #expect(run.log.contains("graph-explorer: stopped (SIGTERM)\nproxy exit 0"))
  }

  @Test func passThroughLetsOtherHostsThroughAndStillAnswersFacebooks() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    guard let binary = ServeProcess.executable("graph-explorer") else {
      throw ServeProcess.Failure(description: "graph-explorer is not built")
    }
    let run = try await ProxyNamespace.run(
      proxy: ["--pass-through"],
      command: ["sh", ProxyNamespace.interop + "/proxy_pass_through.sh", binary.path], in: scratch)
    #expect(run.status == 0, "\(run.client)")
    #expect(run.client.contains(#"plain: {"id":"100001000000001"} 200"#))
    #expect(run.client.contains(#"tunnel: {"id":"100001000000001"} 200"#))
    #expect(run.client.contains(#"graph: {"name":"Alice Whitfield","id":"100001000000001"} 200"#))
    #expect(run.log.contains("[passed through, not answered]"))
  }

  @Test func theCAIsPrintedWithHowToTrustIt() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    guard let binary = ServeProcess.executable("graph-explorer") else {
      throw ServeProcess.Failure(description: "graph-explorer is not built")
    }
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = scratch.file("state")
    let run = try await runProgram(binary.path, ["proxy", "--ca"], environment: environment)
    #expect(run.status == 0, "\(run.error)")
    let path = scratch.file("state") + "/graph-explorer/ca/graph-explorer-ca.pem"
    #expect(run.output.hasPrefix(path + "\n"))
    for how in [
      "--cacert", "REQUESTS_CA_BUNDLE=", "SSL_CERT_FILE=",
      "xcrun simctl keychain booted add-root-cert",
      "security add-trusted-cert", "Android",
    ] {
      #expect(run.output.contains(how), "\(how)")
    }
    #expect(FileManager.default.fileExists(atPath: path))
  }
}
