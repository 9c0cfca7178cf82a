/// `logout`: closes the emulator session, as `closeAndClearTokenInformation` does.
struct LogoutCommand: ArgumentlessCommand {
  static let help = CommandHelp(
    "logout", summary: "Closes the emulator session and forgets the token",
    details: """
      As closeAndClearTokenInformation: the session forgets the token, so the next GET me
      gets the 2500 error. login opens a session again.
      """,
    examples: "logout", "GET me")

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.note(try repl.logout())]
  }
}
