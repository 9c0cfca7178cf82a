import Testing

@testable import ExplorerCLI

@Suite struct ProxyOptionsTests {
  @Test func servesOptionsWithThePortOfItsOwnAndTheProxysOptions() throws {
    let defaults = try ProxyOptions(parsing: [])
    #expect(defaults.serve.port == 8888)
    #expect(defaults.serve.source == .emulator(worldFile: nil))
    #expect(!defaults.passThrough && !defaults.showAuthority)
    let given = try ProxyOptions(parsing: [
      "--port", "0", "--pass-through", "--ca-dir=/tmp/x", "--replay", "c.json", "--log", "off",
    ])
    #expect(given.serve.port == 0)
    #expect(given.passThrough)
    #expect(given.authorityFolder == "/tmp/x")
    #expect(given.serve.source == .replay(cassette: "c.json"))
    #expect(given.serve.log == .off)
    #expect(try ProxyOptions(parsing: ["--ca"]).showAuthority)
  }

  @Test func recordGoesToEachRequestsOwnHostUnlessAnUpstreamIsGiven() throws {
    let own = try ProxyOptions(parsing: ["--record", "new.json"])
    #expect(own.upstreamOverride == nil)
    guard case .record(let cassette, _) = own.serve.source else {
      Issue.record("not recording: \(own.serve.source)")
      return
    }
    #expect(cassette == "new.json")
    let test = try ProxyOptions(parsing: [
      "--record=new.json", "--upstream", "https://127.0.0.1:9443", "--upstream-ca", "ca.pem",
    ])
    #expect(test.upstreamOverride == "https://127.0.0.1:9443")
    #expect(test.upstreamCA == "ca.pem")
  }

  @Test func mistakesAreOneLineUsageErrors() {
    for (arguments, message) in [
      (["--upstream-ca", "ca.pem"], "--upstream-ca only makes sense with --record"),
      (["--world", "w.json", "--replay", "c.json"], "cannot be combined"),
      (["--ca-dir"], "--ca-dir needs a value"),
      (["--bogus"], "unknown option '--bogus'"),
      (["--upstream", "https://x"], "--upstream only makes sense with --record"),
    ] {
      #expect(throws: ServeOptions.UsageError.self) { try ProxyOptions(parsing: arguments) }
      do {
        _ = try ProxyOptions(parsing: arguments)
      } catch {
        #expect(error.description.contains(message), "\(arguments): \(error)")
      }
    }
  }
}
