import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphJSON
import GraphLive
import GraphTestSupport
import Testing

/// `kill -9` in the middle of work loses nothing completed: the cassette a killed process was
/// recording loads afterwards with every exchange that had been answered, in order. (A kill
/// during a single recorder's writes is GraphCassetteTests' CrashTests; these kill the real
/// `graph-explorer` process.)
@Suite(.serialized) struct CrashSafetyTests {
  /// Paging with `all` through 2,000 one-item pages, recorded; killed once at least 25 pages
  /// are on disk.
  @Test func killDuringAllPagingKeepsEveryCompletedPage() throws {
    let dir = ScratchDirectory("crash-all")
    defer { dir.remove() }
    let world = try World.generated(people: 2001, friends: 1, defaultUserFriends: 2000)
    let worldFile = dir.file("world.json")
    try Data(JSONPrinter().bytes(world.jsonValue)).write(to: URL(fileURLWithPath: worldFile))
    let cassette = dir.file("paging.json")
    let process = try Self.start([
      "--world", worldFile, "--record", cassette, "-c", "GET me/friends limit=1", "-c", "all",
    ])
    let seen = try Self.waitForInteractions(atLeast: 25, in: cassette, while: process)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal, "it finished before the kill")

    let loaded = try Cassette.load(path: cassette)
    #expect(loaded.interactions.count >= seen)
    // Each page's request is the previous answer's paging.next: nothing lost or out of order.
    for (previous, page) in zip(loaded.interactions, loaded.interactions.dropFirst()) {
      let next = try JSONParser.parse(previous.response.body)["paging"]?["next"]?.stringValue
      #expect(next.map(Self.normalized) == Self.normalized(page.request.url))
      #expect(page.response.status == 200)
    }
    // The emulator's published test tokens are kept, so the paging URLs replay as they were
    // shown (tokens of other targets are redacted: RecordReplayTests, SecretsAuditTests).
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: cassette)), as: UTF8.self)
    #expect(text.contains("access_token=\(world.defaultToken)"))
  }

  /// `serve --record` in front of another `serve` (the emulator): killed after 20 answered
  /// requests, its cassette holds exactly those 20, each written before its answer was sent.
  @Test func killDuringServeRecordKeepsEveryAnsweredRequest() async throws {
    let dir = ScratchDirectory("crash-serve")
    defer { dir.remove() }
    let upstream = try ServeProcess([])
    defer { _ = upstream.stop() }
    let cassette = dir.file("served.json")
    let recorder = try ServeProcess(["--record", cassette, "--upstream", upstream.url])
    let client = CurlTransport(timeout: .seconds(30))
    for n in 1...20 {
      let url = recorder.url + "/v2.2/me?fields=id,name&n=\(n)&access_token=CAAEmuAlice"
      let response = try await client.send(HTTPRequest(url: url))
      #expect(response.status == 200)
    }
    #expect(recorder.stop(signal: SIGKILL) == SIGKILL)

    let loaded = try Cassette.load(path: cassette)
    #expect(loaded.interactions.count == 20)
    for (i, interaction) in loaded.interactions.enumerated() {
      #expect(interaction.request.url.contains("&n=\(i + 1)&"))
      #expect(interaction.response.bodyText.contains("Alice Whitfield"))
    }
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: cassette)), as: UTF8.self)
    #expect(!text.contains("CAAEmuAlice"))
  }

  /// The URL with its query parameters sorted (the REPL sends the token last).
  static func normalized(_ url: String) -> String {
    let parts = url.split(separator: "?", maxSplits: 1)
    let query = parts.count == 2 ? parts[1].split(separator: "&").sorted() : []
    return parts[0] + "?" + query.joined(separator: "&")
  }

  /// `graph-explorer` with `arguments`, output discarded.
  static func start(_ arguments: [String]) throws -> Process {
    guard let binary = ServeProcess.executable("graph-explorer") else {
      throw ServeProcess.Failure(description: "graph-explorer is not built: run swift build first")
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Polls the cassette (written atomically, so every read sees a whole file) until it holds
  /// `count` interactions; returns how many it saw. Gives up after 60 s or if the process ends.
  static func waitForInteractions(atLeast count: Int, in file: String, while process: Process)
    throws -> Int
  {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if FileManager.default.fileExists(atPath: file) {
        let seen = try Cassette.load(path: file).interactions.count
        if seen >= count { return seen }
      }
      guard process.isRunning else { break }
      Thread.sleep(forTimeInterval: 0.01)
    }
    throw ServeProcess.Failure(description: "the cassette never reached \(count) interactions")
  }
}
