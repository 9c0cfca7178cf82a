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
    let server = try await ServeProcess.launch([])
    #expect(
      server.firstOutputLine.hasPrefix("graph-explorer: serving the emulator on http://127.0.0.1:"))
    let run = try await runProgram(
      "/usr/bin/env",
      ["curl", "-sS", "\(server.url)/v2.0/me?fields=id,name&access_token=CAAEmuAlice"])
    #expect(run.output == #"{"id":"100001000000001","name":"Alice Whitfield"}"#, "\(run.error)")
    #expect(await server.terminate(signal: signal) == 0)
    #expect(
      server.log.contains("graph-explorer: GET /v2.0/me?fields=id,name&access_token=*** 200 ("))
    #expect(!server.log.contains("CAAEmuAlice"))
    #expect(server.log.hasSuffix("graph-explorer: stopped (\(name))\n"))
  }

  /// The first SIGTERM always stops serve, whichever thread the kernel hands it to (a
  /// Dispatch signal source once lost it: serve ran on until a second one).
  @Test func everyFirstSignalStopsServe() async throws {
    for round in 1...20 {
      let server = try await ServeProcess.launch([])
      let signal = round.isMultiple(of: 2) ? SIGINT : SIGTERM
      #expect(await server.terminate(signal: signal) == 0, "round \(round)")
      #expect(server.log.contains("graph-explorer: stopped ("), "round \(round)")
    }
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

    let server = try await ServeProcess.launch(["--replay", file])
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
    #expect(await server.terminate() == 0)
  }

  /// Capture mode, end to end and offline: serve the emulator, put a recording proxy in front of
  /// it, talk to the proxy with curl, stop it, then replay what it recorded.
  @Test func recordsThroughAnUpstreamThenReplays() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("serve-record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("captured.json").path
    let upstream = try await ServeProcess.launch([])
    let proxy = try await ServeProcess.launch(["--record", file, "--upstream", upstream.url])
    #expect(proxy.firstOutputLine.contains("serving \(upstream.url) (recording to \(file)) on "))
    let calls: [[String]] = [
      ["-g", "/v2.0/me?fields=id,name,friends.limit(1){name}&access_token=CAAEmuAlice"],
      [
        "-X", "POST", "--data-binary", "message=captured&access_token=CAAEmuAlicePublish",
        "/v2.0/me/feed",
      ],
      ["/v2.0/nonexistent_object_x?access_token=CAAEmuAlice"],
    ]
    func curl(_ base: String, _ call: [String]) async throws -> [UInt8] {
      let run = try await runProgram(
        "/usr/bin/env", ["curl", "-sS"] + call.dropLast() + [base + call.last!])
      #expect(run.status == 0, "\(run.error)")
      return run.bytes
    }
    var live: [[UInt8]] = []
    for call in calls { live.append(try await curl(proxy.url, call)) }
    #expect(await proxy.terminate() == 0)
    #expect(await upstream.terminate() == 0)

    let cassette = try Cassette.load(path: file)
    #expect(cassette.interactions.map(\.request.method) == ["GET", "POST", "GET"])
    #expect(cassette.interactions.allSatisfy { $0.request.url.hasPrefix(upstream.url + "/v2.0/") })
    let onDisk = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
    #expect(!onDisk.contains("CAAEmu"), "tokens are redacted on disk")

    // The replay answers byte for byte as recorded: the live answers, with the secrets that
    // were redacted on disk (the token in the paging URL) as placeholders.
    let replay = try await ServeProcess.launch(["--replay", file])
    for (index, call) in calls.enumerated() {
      let replayed = try await curl(replay.url, call)
      #expect(replayed == cassette.interactions[index].response.body, "\(call.last!)")
      let text = String(decoding: live[index], as: UTF8.self)
      if !text.contains("CAAEmu") {
        #expect(replayed == live[index], "\(call.last!)")
      } else {
        #expect(String(decoding: replayed, as: UTF8.self).contains("access_token=<ACCESS_TOKEN_1>"))
      }
    }
    #expect(await replay.terminate() == 0)
  }

  @Test func recordNeverOverwritesAnExistingFile() async throws {
    let binary = try #require(ServeProcess.executable("graph-explorer"))
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("serve-existing-\(UUID().uuidString).json").path
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = try await runProgram(
      binary.path, ["serve", "--record", file, "--upstream", "https://graph.facebook.com"])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("graph-explorer serve: --record: \(file) already exists"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me")
  }
}
