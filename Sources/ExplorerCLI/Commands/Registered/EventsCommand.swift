/// `events`: the app events logged on the emulator.
struct EventsCommand: ArgumentlessCommand {
  static let help = CommandHelp(
    "events", summary: "Lists the app events logged on the emulator (POST <app-id>/activities)",
    details: """
      One line per event: time, MOBILE_APP_INSTALL or CUSTOM_APP_EVENTS with the custom
      events' names, and the tracking flags sent.
      """,
    examples: "POST 233936543368280/activities event=MOBILE_APP_INSTALL", "events")

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(try repl.appEventsListing())]
  }
}
