import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphLive
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 42: a recording of one person whose token wrote held what the emulator's default test
/// token lacks (`publish_actions`): `verify` sends that token as the person's test token holding
/// it, with a line saying so, instead of the default token, which got (#200). Before, a
/// `serve --record` session with the emulator's published tokens drifted.
@Suite(.serialized) struct VerifyHeldPermissionsTests {
  /// Two of Alice's tokens: one reads, the other publishes, then the post is read back.
  @Test func aSecondTokenOfOnePersonThatPublishedIsSentHoldingPublishActions() async throws {
    let (file, scratch) = try await SessionVerifyTests.recorded("two-tokens") { base, client in
      _ = try await client.send(HTTPRequest(url: base + "/v2.2/me?access_token=CAAEmuAlice"))
      let post = try SessionVerifyTests.json(
        try await client.send(
          SessionVerifyTests.form(
            base + "/v2.2/me/feed",
            [("access_token", "CAAEmuAlicePublish"), ("message", "hi")])))
      let id = try #require(post["id"]?.stringValue)
      _ = try await client.send(
        HTTPRequest(url: base + "/v2.2/\(id)?fields=message&access_token=CAAEmuAlice"))
    }
    defer { scratch.remove() }
    let (status, output) = await SessionVerifyTests.verify(file)
    #expect(status == .success, "\(output)")
    #expect(output.contains("sent as the emulator's default test token CAAEmuAlice"), "\(output)")
    #expect(
      output.contains("sent as the emulator's test token CAAEmuAlicePublish of 100001000000001"),
      "\(output)")
    #expect(output.contains("3 interaction(s), no drift"), "\(output)")
  }

  /// One token that uploads a photo in a batch and reads it back (`{result=}`): it held
  /// `publish_actions`, so it goes as a test token holding it.
  @Test func aSingleTokenThatUploadedInABatchIsSentHoldingPublishActions() async throws {
    let (file, scratch) = try await SessionVerifyTests.recorded("one-token") { base, client in
      let uploaded = try await SessionVerifyTests.uploadInABatch(
        base, "CAAEmuAlicePublish", client)
      #expect(uploaded.status == 200)
    }
    defer { scratch.remove() }
    let (status, output) = await SessionVerifyTests.verify(file)
    #expect(status == .success, "\(output)")
    #expect(output.contains("CAAEmuAlicePublish of 100001000000001"), "\(output)")
    #expect(output.contains("1 interaction(s), no drift"), "\(output)")
  }
}
