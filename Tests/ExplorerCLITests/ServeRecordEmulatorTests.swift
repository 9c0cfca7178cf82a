import Foundation
import GraphAPI
import GraphCassette
import GraphLive
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// `serve --record CASSETTE` without `--upstream`: the emulator answers, as plain `serve` does,
/// and every exchange is recorded; the cassette verifies against the emulator (issue 48: the
/// fair measure of what recording costs is `serve` doing the same work).
@Suite(.serialized) struct ServeRecordEmulatorTests {
  @Test func theEmulatorsAnswersAreServedAsServeGivesThemAndRecorded() async throws {
    let scratch = ScratchDirectory("serve-record-emulator")
    defer { scratch.remove() }
    let file = scratch.file("session.json")
    let plain = try ServeProcess(["--log", "off", "--deterministic-secrets"])
    defer { _ = plain.stop() }
    let recorder = try ServeProcess([
      "--record", file, "--log", "off", "--deterministic-secrets",
    ])
    let client = CurlTransport(timeout: .seconds(30))
    let read = "/v2.2/me?fields=id,name&access_token=CAAEmuAlice"
    let served = try await client.send(HTTPRequest(url: recorder.url + read))
    let expected = try await client.send(HTTPRequest(url: plain.url + read))
    #expect(served.status == 200)
    #expect(served.body == expected.body)
    let post = try await client.send(
      SessionVerifyTests.form(
        recorder.url + "/v2.2/me/feed",
        [("access_token", "CAAEmuAlicePublish"), ("message", "hi")]))
    let id = try #require(try SessionVerifyTests.json(post)["id"]?.stringValue)
    let readBack = try await client.send(
      HTTPRequest(url: recorder.url + "/v2.2/\(id)?fields=message&access_token=CAAEmuAlice"))
    #expect(readBack.bodyText.contains("\"hi\""), "\(readBack.bodyText)")
    // A token the emulator mints is a secret: redacted on disk.
    let grant = try await client.send(
      HTTPRequest(
        url: recorder.url
          + "/oauth/access_token?client_id=\(SessionVerifyTests.app)&client_secret=\(SessionVerifyTests.secret)&grant_type=client_credentials"
      ))
    let appToken = String(grant.bodyText.dropFirst("access_token=".count))
    #expect(appToken.count > 8, "\(grant.bodyText)")
    #expect(recorder.stop() == 0)

    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains(appToken))
    #expect(!text.contains(SessionVerifyTests.secret))
    #expect(text.contains("CAAEmuAlice"), "the emulator's published tokens stay")
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.count == 4)
    #expect(cassette.interactions[0].request.headers["Host"] == nil, "no hop headers")
    #expect(cassette.interactions[0].response.body == served.body)
    let (status, output) = await SessionVerifyTests.verify(file)
    #expect(status == .success, "\(output)")
    #expect(output.contains("no drift"), "\(output)")
  }

  @Test func anExistingCassetteIsNeverOverwritten() async throws {
    let scratch = ScratchDirectory("serve-record-emulator-exists")
    defer { scratch.remove() }
    let file = scratch.file("kept.json")
    try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
    let console = CapturingConsole()
    let status = await GraphExplorer.main(
      arguments: ["serve", "--port", "0", "--record", file], console: console)
    #expect(status == .usage)
    #expect(console.errors.contains("already exists"), "\(console.errors)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("{}".utf8))
  }
}
