/// `logout`: closes the emulator session, as `closeAndClearTokenInformation` does.
struct LogoutCommand: ArgumentlessCommand {
  static let reference = CommandReference.Entry(
    name: "logout", usage: "logout", summary: "Closes the emulator session and forgets the token")

  static let manual = CommandManual.Page(
    details: [
      "As closeAndClearTokenInformation: the session forgets the token, so the next GET me",
      "gets the 2500 error. login opens a session again.",
    ],
    options: [],
    examples: ["logout", "GET me"])

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.note(try repl.logout())]
  }
}
