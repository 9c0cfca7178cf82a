import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// Issue 15 §4: one redaction rule for every sink. Each test drives the place as a user does
/// (the REPL on a pseudo-terminal, the serve log's masking) and looks at what reached disk.
@Suite(.serialized, .timeLimit(.minutes(3))) struct SecretSinkTests {
  static let token = "EAAGsinkTestToken0123456789abcdefXYZ"
  /// Typed once as `oauth_token=` (a name), later as a plain `message=` value.
  static let typed = "EAAGtypedOnce9876543210zyxwvutsrqpQ"

  @Test func pipeHistoryAndFilesGetTheSameRule() async throws {
    let root = ScratchDirectory("secret-sinks")
    defer { root.remove() }
    let world = World.default
    let worldText = JSONPrinter().string(world.jsonValue)
      .replacingOccurrences(of: "\"\(world.defaultToken)\"", with: "\"\(Self.token)\"")
    try worldText.write(toFile: root.file("world.json"), atomically: true, encoding: .utf8)
    let server = try ServeProcess(["--world", root.file("world.json")])
    defer { _ = server.stop() }
    for folder in ["home", "state", "config", "work"] {
      try FileManager.default.createDirectory(
        atPath: root.file(folder), withIntermediateDirectories: true)
    }
    let environment = [
      "HOME": root.file("home"), "XDG_STATE_HOME": root.file("state"),
      "XDG_CONFIG_HOME": root.file("config"), "TERM": "xterm", "LANG": "C.UTF-8",
      "PATH": "/usr/bin:/bin",
    ]
    let terminal = try PseudoTerminal(
      executable: PseudoTerminal.builtProduct("graph-explorer"), environment: environment,
      rows: 24, columns: 200)
    try terminal.waitFor("graph> ")
    let work = root.file("work")
    let lines = [
      "set pager off", "set color off", "target \(server.url)", "token \(Self.token)",
      "GET me/friends limit=1 | cat > \(work)/piped.json",
      "GET me/friends limit=1 > \(work)/redirected.json",
      "GET me?fields=id&oauth_token=\(Self.typed)",
      "POST me/feed message=\(Self.typed)",
      "GET me?fields=id;access_token=\(Self.typed)",
    ]
    var prompt = "graph> "
    for line in lines {
      terminal.type(line + "\r")
      if line.hasPrefix("target ") { prompt = "\(server.url)> " }
      try terminal.waitFor(prompt)
      terminal.clearOutput()
    }
    terminal.type("quit\r")
    #expect(try terminal.waitForExit() == 0)

    let piped = try String(contentsOfFile: work + "/piped.json", encoding: .utf8)
    let redirected = try String(contentsOfFile: work + "/redirected.json", encoding: .utf8)
    #expect(piped.contains("access_token=<ACCESS_TOKEN>"), "a paged answer went through the pipe")
    #expect(piped == redirected, "`| cat > f` writes what `> f` writes")
    let history = try String(
      contentsOfFile: root.file("state") + "/graph-explorer/history", encoding: .utf8)
    #expect(history.contains("message=<redacted>"), "\(history)")
    #expect(history.contains("fields=id;access_token=<redacted>"), "\(history)")
    for file in root.allFiles() where !file.hasSuffix("/world.json") {
      let text = String(
        decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
      for secret in [Self.token, Self.typed] {
        #expect(!text.contains(secret), "\(file) holds \(secret)")
      }
    }
  }

  @Test(arguments: [
    (
      "/me?fields=id#access_token=EAAB123&expires_in=60",
      "/me?fields=id#access_token=***&expires_in=60"
    ),
    ("/me?fields=id;access_token=EAAB123", "/me?fields=id;access_token=***"),
    ("/me?access_token[]=EAAB123", "/me?access_token[]=***"),
    ("/me?access_token%5B%5D=EAAB123", "/me?access_token%5B%5D=***"),
    ("/v2.8/\(token)/feed", "/v2.8/***/feed"),
    ("/me?x=%45%41%41Gsink", "/me?x=%45%41%41Gsink"),
  ])
  func theServeLogMasksEveryPlace(input: String, expected: String) {
    #expect(ServeLog.mask(input) == expected)
  }

  @Test func historyRemembersASecretTypedUnderAName() {
    let file = HistoryFile(path: "/nonexistent/never-written")
    #expect(
      HistoryFile.storable("GET me?oauth_token=\(Self.typed)", secrets: [], memory: file.memory)
        == "GET me?oauth_token=<redacted>")
    #expect(
      HistoryFile.storable("POST me/feed message=\(Self.typed)", secrets: [], memory: file.memory)
        == "POST me/feed message=<redacted>")
    #expect(
      HistoryFile.storable("GET \(SecretSinkTestsShape.encoded)", secrets: [], memory: file.memory)
        == "GET <redacted>")
  }
}

enum SecretSinkTestsShape {
  /// A token of the `EAA…` shape with every byte percent-encoded.
  static let encoded = SecretHidingCassette.fullyEncoded("EAAGshapeOnly0123456789abcdefghijkl")
}
