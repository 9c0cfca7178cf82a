extension Session {
  /// The token of the emulator's test token called `name` (`alice-publish`, as docs/emulator.md
  /// lists them) while the emulator is the target, else `nil`: `token NAME`, `login NAME` and
  /// `access_token=NAME` on a request line all take these names.
  func testToken(named name: String) -> String? {
    guard let emulator = target.emulator else { return nil }
    return emulator.testTokens.first { $0.name == name }?.token
  }
}
