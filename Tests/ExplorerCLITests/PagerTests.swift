import Testing

@testable import ExplorerCLI

/// The pager as git runs it (issue 29): `LESS=FRX` unless set, and colour only where the pager
/// shows it.
@Suite struct PagerTests {
  @Test(arguments: [
    ([:], true),
    (["PAGER": "less"], true),
    (["PAGER": "less", "LESS": "-X"], false),
    (["PAGER": "less -R", "LESS": "-X"], true),
    (["PAGER": "/usr/bin/less", "LESS": "FRX"], true),
    (["PAGER": "more"], true),
    (["GRAPH_EXPLORER_PAGER": "less -S", "LESS": "S"], false),
  ])
  func colourOnlyWhereThePagerShowsIt(environment: [String: String], colour: Bool) {
    #expect(Pager.showsColour(environment: environment) == colour)
  }

  @Test func theShellSetsLESSAndLVUnlessSet() {
    #expect(Pager.environmentDefaults == #"export LESS="${LESS-FRX}" LV="${LV--c}"; "#)
  }

  @Test func colourEscapesAreTakenOut() {
    let text = "\u{1B}[1m\u{1B}[32mHTTP 200\u{1B}[0;2m · v2.2\u{1B}[0m\n{ \"é\": 1 }\n"
    #expect(Pager.withoutColour(text) == "HTTP 200 · v2.2\n{ \"é\": 1 }\n")
    #expect(Pager.withoutColour("\u{1B}[2J kept") == "\u{1B}[2J kept")
  }
}
