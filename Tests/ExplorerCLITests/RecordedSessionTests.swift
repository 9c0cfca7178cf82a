import GraphAPI
import GraphCassette
import GraphEmulator
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 29: a session recorded with `login`, `grant`, `revoke`, test-token shortcuts,
/// `logout` and `reset` replays printing what it printed, and `verify` mints tokens of the
/// recorded person and permissions instead of sending the default user's (which drifted the
/// first POST to 403).
@Suite struct RecordedSessionTests {
  static let session = """
    login bob publish_actions
    POST me/feed message=hello
    revoke publish_actions
    POST me/feed message=again
    grant publish_actions
    POST me/feed message=third
    token alice-publish
    GET me?fields=name
    token alcie
    token alice
    logout
    GET me
    reset
    GET me?fields=name
    version v1.0
    login alice user_photos
    GET me/photos?limit=1

    """

  @Test func aRecordedSessionReplaysAsItRanAndVerifiesWithoutDrift() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("session.json")
    let recorded = await ScriptModeTests.run(
      "record \(file)\n" + Self.session + "record stop\n", ["--no-color"])
    #expect(recorded.status == .success, "\(recorded.errors)")
    let replayed = await ScriptModeTests.run(Self.session, ["--no-color", "--replay", file])
    #expect(replayed.status == .success, "\(replayed.errors)")
    let lines = recorded.output.split(separator: "\n").filter {
      !$0.hasPrefix("recording to ") && !$0.hasPrefix("stopped: ")
    }
    // The one difference: a token minted while recording, printed inside an answer (a paging
    // URL), comes back as its placeholder, as the cassette never holds it.
    #expect(
      lines.map(Self.mintedTokensNamed)
        == replayed.output.split(separator: "\n").map(Self.mintedTokensNamed))
    #expect(replayed.output.contains("FBSessionStateOpenTokenExtended · Bob Okafor"))
    #expect(replayed.output.contains("token set (CAAEmuAlicePublish) · the test token"))
    #expect(replayed.output.contains("did you mean alice?"))
    #expect(replayed.output.contains("world reset: default user's token"))
    #expect(replayed.errors == recorded.errors)

    let cassette = try Cassette.load(path: file)
    let minted = RecordedSession.all(in: cassette).map(\.session)
    #expect(
      minted.map(\.placeholder) == [
        "<ACCESS_TOKEN_1>", "<ACCESS_TOKEN_1>", "<ACCESS_TOKEN_2>", "<ACCESS_TOKEN_3>",
      ])
    #expect(
      minted.map(\.permissions) == [
        ["public_profile", "publish_actions"], ["public_profile"],
        ["public_profile", "publish_actions"], ["public_profile", "basic_info", "user_photos"],
      ])
    let report = try await VerifyArguments().verify(cassette)
    #expect(!report.hasDrift, "\(report.text)")
    // Without minting, the default user's token is sent for every placeholder: the session's
    // writes drift (what verify did before).
    let unminted = CassetteVerifier(
      target: GraphEmulator(),
      substitutions: VerifyArguments().mapping(for: cassette).substitutions
        .merging(minted.map { ($0.placeholder, "CAAEmuAlice") }) { a, _ in a })
    #expect(await unminted.verify(cassette).hasDrift)
  }

  /// `line` with each token the emulator minted (`CAAEmuAliceZS12` and its secret hex suffix)
  /// and each placeholder of one as `<minted>`.
  static func mintedTokensNamed(_ line: Substring) -> String {
    var out = String(line)
    for pattern in [#/CAAEmu[A-Za-z]+ZS[0-9a-f]+/#, #/<ACCESS_TOKEN_[0-9]+>/#] {
      out = out.replacing(pattern, with: "<minted>")
    }
    return out
  }

  @Test func verifyNamesTheMintedTokensItSends() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("login.json")
    let recorded = await ScriptModeTests.run(
      "record \(file)\nlogin bob user_photos\nGET me/photos?limit=1\nrecord stop\n",
      ["--no-color"])
    #expect(recorded.status == .success)
    let run = await ScriptModeTests.run("", ["verify", file])
    #expect(run.status == .success, "\(run.output)\(run.errors)")
    #expect(
      run.output.contains(
        "<ACCESS_TOKEN_1> sent as a token the emulator mints for 100001000000002 with "
          + "public_profile, user_photos"), "\(run.output)")
    #expect(run.output.contains("2 interaction(s), no drift"))
  }

  @Test func aSessionAnswerOfEitherVersionNamesThePersonAndPermissions() throws {
    func interaction(_ body: String, token: String = "<ACCESS_TOKEN_4>") -> Interaction {
      Interaction(
        request: HTTPRequest(
          .get,
          url: "https://graph.facebook.com/v2.2/me?fields=id,permissions&access_token=\(token)"),
        response: HTTPResponse(status: 200, headers: [:], body: Array(body.utf8)),
        recordedAt: "2026-12-04T00:00:00Z")
    }
    let v2 = RecordedSession(
      interaction(
        #"{"id":"7","permissions":{"data":[{"permission":"public_profile","status":"granted"},"#
          + #"{"permission":"user_photos","status":"declined"}]}}"#))
    #expect(
      v2
        == RecordedSession(
          placeholder: "<ACCESS_TOKEN_4>", person: "7", permissions: ["public_profile"]))
    let v1 = RecordedSession(
      interaction(#"{"id":"7","permissions":{"data":[{"installed":1,"email":1,"user_likes":0}]}}"#))
    #expect(v1?.permissions == ["email"])
    // A real token (not a placeholder) is a session the recording shows in the clear: left alone.
    #expect(
      RecordedSession(interaction(#"{"id":"7","permissions":{"data":[]}}"#, token: "EAAB")) == nil)
  }
}
