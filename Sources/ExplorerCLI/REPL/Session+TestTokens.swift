import GraphEmulator

extension Session {
  /// The token of the emulator's test token called `name` (`alice-publish`, as docs/emulator.md
  /// lists them) while the emulator is the target or a cassette is replayed (a recorded
  /// session's `token alice-publish` replays as it ran, issue 29), else `nil`: `token NAME`,
  /// `login NAME` and `access_token=NAME` on a request line all take these names.
  func testToken(named name: String) -> String? {
    testTokens.first { $0.name == name }?.token
  }

  /// The test tokens names stand for: the target emulator's, or while replaying the session
  /// emulator's or its world's; none for a network target.
  var testTokens: [TokenRecord] {
    switch target {
    case .emulator(let emulator): emulator.testTokens
    case .replay: emulator?.testTokens ?? world.testTokens
    case .network: []
    }
  }
}
