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

  /// Issue 43: the seeds' SDKs call unversioned and their apps were served v1.0. The iOS SDK
  /// 3.1's own bytes for `me?fields=id,username` (FBGraphUser's `username`, a field v2.0 refused)
  /// through the proxy's source, read as FBRequestConnection reads the answer.
  @Test func theSDKsUnversionedBytesThroughTheProxyAreServedAsTheVersionGiven() throws {
    func username(_ arguments: [String]) throws -> SDKErrorView? {
      let transport = try ProxyCommand.makeSource(ProxyOptions(parsing: arguments)).transport
      let picturing = try #require(transport as? ProxyPictures)
      let request = IOSSDKWire(.v3_1).connection(
        [.graph("me?fields=id,username", token: "CAAEmuAlice")], appID: "233936543368280")
      let answer = try picturing.answerNow(request)
      return SDKErrorView.connection(
        status: answer.status, body: answer.body, count: 1, sdkVersion: .v3_1
      ).first
    }
    let old = try username(["--default-version", "v1.0", "--port", "0"])
    #expect(old?.result?["username"] == "alice.whitfield", "\(String(describing: old))")
    // Without the option the world's v2.2 answers, where `username` is (#12).
    let current = try username(["--port", "0"])
    #expect(current?.result == nil, "\(String(describing: current))")
  }
}
