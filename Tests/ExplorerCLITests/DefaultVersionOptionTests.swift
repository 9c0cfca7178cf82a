import GraphAPI
import GraphEmulator
import Testing

@testable import ExplorerCLI

/// `--default-version` for `serve`, `proxy` (issue 43) and the REPL (issue 26).
@Suite struct DefaultVersionOptionTests {
  @Test func serveTakesAServedVersionAndRefusesOthers() throws {
    let options = try ServeOptions(parsing: ["--default-version", "v24.0", "--port", "0"])
    #expect(options.defaultVersion == GraphVersion("v24.0"))
    #expect(throws: ServeOptions.UsageError.self) {
      try ServeOptions(parsing: ["--default-version", "v2.13"])
    }
    let source = try ServeSource.make(options.source, defaultVersion: options.defaultVersion)
    let emulator = try #require(source.transport as? GraphEmulator)
    let answer = emulator.answer(
      HTTPRequest(method: "GET", url: "https://graph.facebook.com/me?access_token=CAAEmuAlice"))
    #expect(answer.headers["facebook-api-version"] == "v24.0")
  }

  @Test func theREPLServesUnversionedCallsAsTheVersionGiven() throws {
    let options = try REPLOptions.parse(["--default-version", "v3.1"])
    let backend = try Backend.make(options)
    let answer = try #require(backend.emulator).answer(
      HTTPRequest(method: "GET", url: "https://graph.facebook.com/me?access_token=CAAEmuAlice"))
    #expect(answer.headers["facebook-api-version"] == "v3.1")
    #expect(throws: ExplorerError.self) {
      try Backend.make(REPLOptions.parse(["--default-version", "2.2"]))
    }
  }

  @Test func theProxyServesUnversionedCallsAsTheVersionGiven() throws {
    let options = try ProxyOptions(parsing: ["--default-version", "v1.0", "--port", "0"])
    let transport = try ProxyCommand.makeSource(options).transport
    let picturing = try #require(transport as? ProxyPictures)
    let answer = try picturing.answerNow(
      HTTPRequest(method: "GET", url: "https://graph.facebook.com/me?access_token=CAAEmuAlice"))
    #expect(answer.headers["facebook-api-version"] == "v1.0")
    #expect(throws: ServeOptions.UsageError.self) {
      try ProxyCommand.makeSource(
        ProxyOptions(parsing: ["--default-version", "v1.0", "--replay", "x.json"]))
    }
  }
}
