import Foundation
import GraphTestSupport
import Testing

/// Issue 42, the client path: python facebook-sdk and facepy, unchanged, through
/// `graph-explorer proxy --record FILE --upstream <serve>` in a network namespace with only
/// loopback (Tests/Interop/proxy_session_record.sh, test_users_through_proxy.py): an app token
/// by `client_credentials`, two test users created with it, befriended each with its own token,
/// their friends, permissions and the app's list read, a test user read with appsecret_proof, a
/// person's login through the dialog, the code exchanged, the token extended and debugged with
/// the offline app token `APPID|SECRET`, the test users deleted with it. The upstream made and
/// deleted a test user and a post first, so a fresh emulator mints other ids, names and emails.
/// Then `verify` against a fresh emulator: no drift.
@Suite struct ProxyTestUserSessionTests {
  static let client = ProxyNamespace.interop + "/test_users_through_proxy.py"
  static let appToken = "233936543368280|5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60"

  /// Whether python3 has the clients (Scripts/python-env installs them).
  static let hasClients: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import facebook, facepy, requests"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  /// Before the recording: a test user made and deleted and a post written, on the upstream.
  static let before = """
    curl -sS -d installed=true "$UPSTREAM/v2.8/233936543368280/accounts/test-users?access_token=\(appToken)" &&
    curl -sS -X DELETE "$UPSTREAM/v2.8/100000000000001?access_token=\(appToken)" &&
    curl -sS -d message=earlier "$UPSTREAM/v2.8/me/feed?access_token=CAAEmuAlicePublish"
    """

  @Test(
    .enabled(if: hasClients, "python3 without facebook-sdk and facepy: run Scripts/python-env"),
    .timeLimit(.minutes(2)))
  func aTestUserClientRecordedThroughTheProxyVerifiesWithNoDrift() async throws {
    let scratch = ScratchDirectory("proxy-test-users")
    defer { scratch.remove() }
    let binary = try #require(ServeProcess.executable("graph-explorer")).path
    let file = scratch.file("session.json")
    var environment = ProcessInfo.processInfo.environment
    environment["BEFORE"] = Self.before
    let run = try await runProgram(
      "/usr/bin/unshare",
      [
        "-n", "sh", ProxyNamespace.interop + "/proxy_session_record.sh", binary, scratch.path,
        file, "--", "sh", "-c",
        "HTTPS_PROXY=$PROXY REQUESTS_CA_BUNDLE=$CA exec python3 \(Self.client)",
      ], environment: environment)
    let read = { (name: String) in
      (try? String(contentsOfFile: scratch.file(name), encoding: .utf8)) ?? ""
    }
    #expect(run.status == 0, "\(run.error)\(read("before.out"))\(read("client.out"))")
    #expect(read("client.out").contains("all checks ok"), "\(read("client.out"))")
    let cassette = read("session.json")
    // The recording's test users are the upstream's second and third; a fresh emulator's first.
    #expect(cassette.contains("100000000000003"))
    #expect(!cassette.contains("100000000000001/friends"))
    for secret in ["5e0f3b2b7c1a4d9e8f6a2b1c3d4e5f60", "CAAEmu"] {
      #expect(!cassette.contains(secret), "\(secret)")
    }

    let verify = try await runProgram(binary, ["verify", file])
    #expect(verify.status == 0, "\(verify.output)\(verify.error)")
    for line in [
      "<APP_ACCESS_TOKEN_1> followed: sent as what the target answers at #1 GET /v2.8/oauth/access_token?grant_type=client_credentials",
      "<TEST_USER_ACCESS_TOKEN_2> followed: sent as what the target answers at #3 POST /233936543368280/accounts/test-users",
      "<APPSECRET_PROOF_1> recomputed for the token each request sends",
      "<CODE_1> followed: sent as what the target answers at #12 POST /v2.8/dialog/oauth",
      "<APP_ACCESS_TOKEN_2> sent as the emulator's app token (233936543368280|app secret)",
      "19 interaction(s), no drift",
    ] {
      #expect(verify.output.contains(line), "\(line)\n\(verify.output)")
    }

    // A world made from the recording answers it too: the test users the session created are
    // on no edge of it (before, the login dialog listed them twice: 1 of 19 drifted); the
    // world's app makes them again with their recorded ids and names (`next_test_users`).
    let world = scratch.file("world.json")
    let made = try await runProgram(binary, ["world", "--from", file, "-o", world])
    #expect(made.status == 0, "\(made.output)\(made.error)")
    #expect(made.output.contains("added 2 user over the default world"), "\(made.output)")
    let onWorld = try await runProgram(binary, ["verify", file, "--world", world])
    #expect(onWorld.status == 0, "\(onWorld.output)\(onWorld.error)")
    #expect(onWorld.output.contains("19 interaction(s), no drift"), "\(onWorld.output)")
  }
}
