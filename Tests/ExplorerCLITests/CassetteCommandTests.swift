import ExplorerCLI
import Foundation
import GraphAPI
import GraphCassette
import GraphEmulator
import GraphServer
import GraphTestSupport
import Testing

@Suite final class CassetteCommandTests {
  let directory: String

  init() throws {
    directory = NSTemporaryDirectory() + "cassette-commands-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  func run(_ arguments: [String]) async -> (ExplorerCLI.ExitStatus, CapturingConsole) {
    let console = CapturingConsole()
    let status = await GraphExplorer.main(arguments: arguments, console: console)
    return (status, console)
  }

  /// Records a short emulator session into `name`.
  func record(_ name: String) async throws -> String {
    let file = directory + "/" + name
    let emulator = GraphEmulator()
    let recorder = try CassetteRecorder(
      wrapping: emulator, file: file, publicValues: Set(emulator.testTokens.map(\.token)))
    for url in [
      "https://graph.facebook.com/v2.0/me?fields=id,name&access_token=CAAEmuAlice",
      "https://graph.facebook.com/v2.0/me",
    ] {
      _ = try await recorder.send(HTTPRequest(url: url))
    }
    return file
  }

  @Test func verifyPassesAgainstAFreshEmulator() async throws {
    let file = try await record("ok.json")
    let (status, console) = await run(["verify", file])
    #expect(status == .success, "\(console.output)\(console.errors)")
    #expect(console.output.contains("ok    #1 GET /v2.0/me"))
    #expect(console.output.hasSuffix("2 interaction(s), no drift\n"))
  }

  @Test func verifyAgainstAServerURL() async throws {
    let file = try await record("served.json")
    let server = GraphServer(transport: GraphEmulator())
    let port = try server.start()
    defer { server.stop() }
    let (status, console) = await run(["verify", file, "--target", "http://127.0.0.1:\(port)"])
    #expect(status == .success, "\(console.output)\(console.errors)")
    #expect(console.output.contains("against http://127.0.0.1:\(port):"))
  }

  @Test func verifyExitsOneOnDrift() async throws {
    let file = try await record("drift.json")
    var cassette = try Cassette.load(path: file)
    cassette.interactions[1].response.status = 200
    try cassette.save(to: file)
    let (status, console) = await run(["verify", file])
    #expect(status == .failure)
    #expect(console.output.contains("DRIFT #2 GET /v2.0/me"))
    #expect(console.output.contains("status 400, recorded 200"))
  }

  @Test(arguments: [
    (["verify"], "graph-explorer verify: expected a cassette to verify"),
    (["verify", "/nonexistent.json"], "graph-explorer verify: /nonexistent.json: cannot read"),
    (["verify", "x", "--ignore", "a[["], "graph-explorer verify: --ignore:"),
    (["import", "x"], "graph-explorer import: -o CASSETTE is required"),
    (["export", "x"], "graph-explorer export: --format is required"),
    (["export", "x", "--format", "xml"], "graph-explorer export: unknown format 'xml'"),
    (["import", "--bogus"], "graph-explorer import: unknown option --bogus"),
  ])
  func badUsageSaysWhat(arguments: [String], message: String) async {
    let (status, console) = await run(arguments)
    #expect(status == .usage)
    #expect(console.errors.hasPrefix(message), "\(console.errors)")
  }

  @Test func exportThenImportRoundTripsEveryFormat() async throws {
    let file = try await record("rt.json")
    for format in InterchangeFormat.faithful.map(\.rawValue) {
      let exported = directory + "/out.\(format)"
      let (s1, c1) = await run(["export", file, "--format", format, "-o", exported])
      #expect(s1 == .success, "\(c1.errors)")
      let imported = directory + "/back-\(format).json"
      let (s2, c2) = await run(["import", exported, "-o", imported])
      #expect(s2 == .success, "\(c2.errors)")
      #expect(c2.output.hasPrefix("imported 2 interaction(s) from \(exported)"))
      let back = try Cassette.load(path: imported)
      let original = try Cassette.load(path: file)
      #expect(back.interactions.map(\.request) == original.interactions.map(\.request))
      #expect(back.interactions.map(\.response.body) == original.interactions.map(\.response.body))
    }
  }

  @Test func importNeverOverwritesWithoutForce() async throws {
    let file = try await record("keep.json")
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let har = directory + "/x.har"
    _ = await run(["export", file, "--format", "har", "-o", har])
    let (status, console) = await run(["import", har, "-o", file])
    #expect(status == .usage)
    #expect(console.errors.contains("already exists (use --force to replace it)"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    let (forced, _) = await run(["import", har, "-o", file, "--force"])
    #expect(forced == .success)
  }

  @Test func importRedactsTokensFromOtherTools() async throws {
    let vcr = directory + "/leaky.json"
    try Data(
      #"{"http_interactions":[{"request":{"method":"get","uri":"https://graph.facebook.com/me?access_token=EAAGleakedTOKEN","headers":{}},"response":{"status":{"code":200,"message":"OK"},"headers":{},"body":{"encoding":"UTF-8","string":"{\"id\":\"1\"}"}},"recorded_at":"Tue, 01 Nov 2011 04:58:44 GMT"}]}"#
        .utf8
    ).write(to: URL(fileURLWithPath: vcr))
    let out = directory + "/clean.json"
    let (status, _) = await run(["import", vcr, "-o", out])
    #expect(status == .success)
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(!text.contains("EAAGleakedTOKEN"))
    #expect(text.contains("access_token=<ACCESS_TOKEN_1>"))
  }
}
