import Foundation
import GraphAPI
import GraphEmulator
import GraphJSON
import GraphTestSupport
import Testing

/// After a whole interactive session with a known token and app secret (target a local server
/// standing in for graph.facebook.com, recording on, verbose on, code generation, history,
/// config), no file the tool wrote and nothing it printed holds either secret, nor the
/// appsecret_proof made from them: raw, URL-encoded or JSON-escaped. Config and history files
/// are mode 0600.
@Suite(.serialized, .timeLimit(.minutes(3))) struct SecretsAuditTests {
  /// Not alphanumeric, so that its URL-encoded and JSON-escaped forms differ from it.
  static let token = "EAAGaudit0Tok/en.Z9q"
  static let appSecret = "a5d1753cfeedfacea5d1753cfeedface"
  static var proof: String { AppSecretProof.make(accessToken: token, appSecret: appSecret) }

  /// Every form a secret could be written in.
  static func forms(_ secret: String) -> Set<String> {
    [
      secret, PercentEncoding.encode(secret), PercentEncoding.encode(secret).lowercased(),
      secret.replacingOccurrences(of: "/", with: "\\/"),
      JSONPrinter(options: [.asciiOnly]).string(.string(secret)).dropFirst().dropLast()
        .description,
    ]
  }

  /// The secrets found in `text`, by form.
  static func leaks(in text: String) -> [String] {
    [token, appSecret, proof].flatMap { forms($0) }.filter { text.contains($0) }.sorted()
  }

  /// Graph writes the caller's token into the paging URLs of its answers, and the REPL shows
  /// answers as they came on the screen (as the web Graph API Explorer does); files written by
  /// `save` and `>` have the secrets taken out, and are held to the rule below.
  static func withoutPagingURLs(_ text: String) -> String {
    text.replacingOccurrences(
      of: #""(next|previous)": ?"[^"]*""#, with: #""$1": "…""#, options: .regularExpression)
  }

  @Test func aWholeSessionLeavesNoSecretOnDiskOrOnScreen() throws {
    let root = ScratchDirectory("secrets-audit")
    defer { root.remove() }
    let world = World.default
    let worldText = JSONPrinter().string(world.jsonValue)
      .replacingOccurrences(of: "\"\(world.defaultToken)\"", with: "\"\(Self.token)\"")
      .replacingOccurrences(of: world.app.secret, with: Self.appSecret)
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
      rows: 24, columns: 100)
    try terminal.waitFor("graph> ")
    let work = root.file("work")
    let lines = [
      "set pager off", "set color off", "target \(server.url)", "token \(Self.token)",
      "app \(world.app.id) \(Self.appSecret)", "set verbose on", "record \(work)/session.json",
      "GET me fields=id,name", "GET me/friends limit=1", "next", "all --max 3",
      "POST me/feed message=hello", "GET me?access_token=\(Self.token)", "code curl",
      "code python", "code swift", "code objc", "explain", "diff #1 #6", "history", "show #2",
      "headers #2", "raw #1", "save #2 \(work)/saved.json",
      "GET me/friends limit=1 > \(work)/out.json",
      "record stop", "token", "app",
    ]
    var printed = ""
    var prompt = "graph> "
    for line in lines {
      terminal.clearOutput()
      terminal.type(line + "\r")
      if line.hasPrefix("target ") { prompt = "\(server.url)> " }
      let shown = try terminal.waitFor(prompt)
      // The terminal echoes what was typed (a whole line of its own, maybe after the prompt);
      // only what the tool printed counts.
      printed +=
        shown.split(whereSeparator: \.isNewline)
        .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(line) }
        .joined(separator: "\n") + "\n"
    }
    terminal.clearOutput()
    terminal.type("quit\r")
    #expect(try terminal.waitForExit() == 0)
    printed += terminal.output

    // The session did what it says: answers came back from the server, with the proof.
    #expect(printed.contains("Alice Whitfield"))
    #expect(printed.contains("appsecret_proof on"))
    #expect(printed.contains("FBSDKLog: Request"))  // verbose
    #expect(printed.contains("curl "))
    let saved = try String(contentsOfFile: work + "/saved.json", encoding: .utf8)
    #expect(saved.contains("access_token=<ACCESS_TOKEN>"), "a paged answer was saved")
    let cassette = try String(contentsOfFile: work + "/session.json", encoding: .utf8)
    #expect(cassette.contains("/me/friends"))

    #expect(Self.leaks(in: Self.withoutPagingURLs(printed)) == [], "printed")
    #expect(Self.leaks(in: server.log) == [], "serve's log")
    let files = root.allFiles().filter { !$0.hasSuffix("/world.json") }
    #expect(files.count >= 5, "\(files)")
    for file in files {
      let text = String(
        decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
      #expect(Self.leaks(in: text) == [], "\(file)")
    }
    for file in [
      root.file("state") + "/graph-explorer/history",
      root.file("config") + "/graph-explorer/config.json",
    ] {
      let attributes = try FileManager.default.attributesOfItem(atPath: file)
      #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(file)")
    }
  }

  @Test func theAuditCatchesEachForm() {
    #expect(Self.leaks(in: "x=EAAGaudit0Tok%2Fen.Z9q") == ["EAAGaudit0Tok%2Fen.Z9q"])
    #expect(Self.leaks(in: #"{"t":"EAAGaudit0Tok\/en.Z9q"}"#) == [#"EAAGaudit0Tok\/en.Z9q"#])
    #expect(Self.leaks(in: "proof \(Self.proof)") == [Self.proof])
    #expect(Self.leaks(in: "token EAAG…en.Z9q") == [])
  }
}
