import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import Testing

/// `graph-explorer serve` as a process: what it prints, what it logs, how it stops, and a
/// replayed cassette answered to curl byte for byte.
@Suite struct ServeProcessTests {
  @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")])
  func servesLogsAndStopsOnASignal(signal: Int32, name: String) async throws {
    let server = try ServeProcess([])
    #expect(
      server.firstOutputLine.hasPrefix("graph-explorer: serving the emulator on http://127.0.0.1:"))
    let run = try await runProgram(
      "/usr/bin/env",
      ["curl", "-sS", "\(server.url)/v2.0/me?fields=id,name&access_token=CAAEmuAlice"])
    #expect(run.output == #"{"id":"100001000000001","name":"Alice Whitfield"}"#, "\(run.error)")
    #expect(server.stop(signal: signal) == 0)
    #expect(
      server.log.contains("graph-explorer: GET /v2.0/me?fields=id,name&access_token=*** 200 ("))
    #expect(!server.log.contains("CAAEmuAlice"))
    #expect(server.log.hasSuffix("graph-explorer: stopped (\(name))\n"))
  }

  @Test func unreadableWorldIsAUsageError() async throws {
    let binary = try #require(ServeProcess.executable("graph-explorer"))
    let run = try await runProgram(
      binary.path, ["serve", "--port", "0", "--world", "/nonexistent.json"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("graph-explorer serve: --world: "))
    #expect(run.error.contains("/nonexistent.json"))
  }

  @Test func replayedCassetteAnswersCurlByteForByte() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("serve-replay-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("session.json").path
    // Record a session against the emulator, as `graph-explorer` would.
    let recorder = try CassetteRecorder(wrapping: GraphEmulator(), file: file)
    let base = "https://graph.facebook.com"
    let token = "CAAEmuAlicePublish"
    let requests = [
      HTTPRequest(url: "\(base)/v2.0/me?fields=id,name,friends.limit(2)&access_token=\(token)"),
      HTTPRequest(url: "\(base)/v2.0/me/feed?limit=3&access_token=\(token)"),
      HTTPRequest(
        method: "POST", url: "\(base)/v2.0/me/feed",
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Array("message=Hello%20from%20curl&access_token=\(token)".utf8)),
      HTTPRequest(url: "\(base)/v2.0/nonexistent_object_x?access_token=\(token)"),
    ]
    for request in requests { _ = try await recorder.send(request) }
    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.count == requests.count)

    let server = try ServeProcess(["--replay", file])
    #expect(server.firstOutputLine.contains("serving cassette \(file) on http://127.0.0.1:"))
    for interaction in cassette.interactions {
      let parts = try #require(URLParts(interaction.request.url))
      var arguments = ["curl", "-sS", "-g", "-X", interaction.request.method]
      for field in interaction.request.headers where field.name.lowercased() != "content-length" {
        arguments += ["-H", "\(field.name): \(field.value)"]
      }
      if !interaction.request.body.isEmpty {
        arguments += ["--data-binary", String(decoding: interaction.request.body, as: UTF8.self)]
      }
      arguments.append(server.url + parts.path + (parts.query.map { "?\($0)" } ?? ""))
      let run = try await runProgram("/usr/bin/env", arguments)
      #expect(run.status == 0, "\(run.error)")
      #expect(run.bytes == interaction.response.body, "\(interaction.summary)")
    }
    #expect(server.stop() == 0)
  }
}
