import Foundation
import GraphAPI
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// `version` over every Graph version, `version latest`, the answering version on the status
/// line, and `explain --sdk`.
@Suite struct VersionREPLTests {
  @Test func parsesVersionLatestAndExplainSDK() throws {
    #expect(
      try CommandParser.parse("version latest").command
        == .of(VersionCommand(setting: .set("v27.0"))))
    #expect(
      try CommandParser.parse("explain --sdk php").command
        == .of(ExplainCommand(exchange: .last, sdk: .php)))
    #expect(
      try CommandParser.parse("explain #2 --sdk ios").command
        == .of(ExplainCommand(exchange: ExchangeReference("#2")!, sdk: .ios)))
    #expect(
      try CommandParser.parse("explain").command == .of(ExplainCommand(exchange: .last, sdk: nil)))
    #expect(
      throws: ExplorerError.syntax(
        message:
          "v2.13 is not a Graph API version; the versions are v1.0, v2.0-v2.12, v3.0-v3.3, v4.0-v27.0",
        column: 9)
    ) { try CommandParser.parse("version v2.13") }
    #expect(throws: ExplorerError.self) { try CommandParser.parse("explain --sdk cobol") }
    #expect(throws: ExplorerError.self) { try CommandParser.parse("explain --sdk") }
  }

  @Test func completesTheRealVersions() {
    let completer = Completer(catalog: GraphCatalog())
    let v2 = completer.complete("version v2.1").candidates
    #expect(v2 == ["v2.1", "v2.10", "v2.11", "v2.12"])
    #expect(completer.complete("version v3").candidates == ["v3.0", "v3.1", "v3.2", "v3.3"])
    // v2.0-v2.12 and v20.0-v27.0.
    #expect(completer.complete("version v2").candidates.count == 21)
    #expect(completer.complete("version ").candidates.contains("v27.0"))
    #expect(!completer.complete("version ").candidates.contains("v2.13"))
    #expect(completer.complete("version la").candidates == ["latest"])
    #expect(completer.complete("explain ").candidates == ["--sdk"])
    #expect(
      completer.complete("explain --sdk ").candidates == ["android", "ios", "ios3", "js", "php"])
    #expect(completer.complete("explain --sdk i").candidates == ["ios", "ios3"])
  }

  @Test func statusLineNamesTheVersionThatAnswered() async throws {
    let run = await ScriptModeTests.run(
      "GET me?fields=id\nversion latest\nGET me?fields=id\nGET v2.0/me?fields=id\n",
      ["--no-color"])
    #expect(run.status == .success)
    let statuses = run.output.split(separator: "\n").filter { $0.hasPrefix("HTTP ") }
    #expect(statuses.count == 3)
    #expect(statuses.first?.hasPrefix("HTTP 200 · v2.2 · ") == true)
    #expect(statuses.dropFirst().first?.hasPrefix("HTTP 200 · v27.0 · ") == true)
    // A version in the path wins over the session's.
    #expect(statuses.last?.hasPrefix("HTTP 200 · v2.0 · ") == true)
  }

  @Test func explainKnowsTheUsernameErrorAndShowsEverySDK() async throws {
    let run = await ScriptModeTests.run("GET v2.0/me?fields=username\nexplain\n", ["--no-color"])
    #expect(run.output.contains("Graph error 12 (OAuthException)"))
    #expect(run.output.contains("12: Deprecated for this version"))
    #expect(!run.output.contains("not in the error catalogue"))
    #expect(run.output.contains("iOS SDK 3.24.0: the completion handler gets result = nil"))
    #expect(
      run.output.contains("iOS SDK 4+ (FBSDKCoreKit): the completion handler gets an NSError"))
    #expect(run.output.contains("kind: FBSDKGraphRequestErrorOther"))
    #expect(run.output.contains("Android SDK 3.x: FacebookRequestError category BAD_REQUEST"))
    #expect(run.output.contains("PHP SDK 4.x-5.x: throws FacebookAuthenticationException"))
    #expect(run.output.contains("JavaScript SDK: FB.api calls back with response.error = "))
    let one = await ScriptModeTests.run(
      "token CAAEmuAlicePublish\nPOST me/photos message=hi\nexplain --sdk php\n", ["--no-color"])
    #expect(one.output.contains("324: Missing or invalid image file"))
    #expect(one.output.contains("PHP SDK 4.x-5.x: throws"))
    #expect(!one.output.contains("Android SDK"))
  }
}

extension InteractiveTests {
  /// Tab after `version la` completes `latest`; the answer's status line names v27.0.
  @Test func tabCompletesVersionLatest() throws {
    let home = try Home()
    let terminal = try Self.start(home)
    terminal.type("version la\t")
    try terminal.waitFor("test ")  // libedit inserts the rest of the word
    terminal.type("\r")
    try terminal.waitFor("version v27.0")
    try Self.waitForPrompt(terminal)
    let output = try Self.submit(terminal, "GET me fields=id")
    #expect(output.contains(" · v27.0 · "))
    try Self.leave(terminal)
  }
}
