import Testing

@testable import ExplorerCLI

/// The subcommands' options are rows of one table each: the parser and the help read the same
/// rows, and `proxy` takes every row of `serve`.
@Suite struct OptionTableTests {
  /// Every name of every row, first names only.
  private func names<Parsed>(_ table: OptionTable<Parsed>) -> [String] {
    table.rows.map { $0.names[0] }
  }

  @Test func everyRowIsInTheHelp() {
    let tables: [(String, [String])] = [
      (ServeOptions.usage.text, names(ServeOptions.table)),
      (ProxyOptions.usage.text, names(ProxyOptions.table)),
      (REPLOptions.usage.text, names(REPLOptions.table)),
    ]
    for (usage, names) in tables {
      for name in names {
        #expect(usage.contains("  \(name)"), "\(name) is missing from the help")
      }
    }
  }

  @Test func proxyTakesEveryOptionOfServe() throws {
    let proxy = Set(names(ProxyOptions.table))
    for name in names(ServeOptions.table) { #expect(proxy.contains(name), "\(name)") }
    let options = try ProxyOptions(parsing: [
      "--deterministic-secrets", "--default-version", "v24.0", "--port=0",
    ])
    #expect(options.serve.secrets == .deterministic)
    #expect(options.serve.defaultVersion?.description == "v24.0")
    #expect(options.serve.port == 0)
    #expect(try ProxyOptions(parsing: []).serve.port == ProxyOptions.defaultPort)
  }

  @Test func aValueThatLooksLikeAnOptionIsNotTaken() {
    #expect(throws: ServeOptions.UsageError(description: "--world needs a value")) {
      try ServeOptions(parsing: ["--world", "--port", "1"])
    }
    #expect(throws: ExplorerError.failed("--record needs a value")) {
      try REPLOptions.parse(["--record", "--raw"])
    }
    // Written with `=`, any value is given as it is.
    #expect(
      (try? ServeOptions(parsing: ["--world=--odd.json"]))?.source
        == .emulator(worldFile: "--odd.json"))
  }

  @Test func theREPLsOptionsParseAsBefore() throws {
    let options = try REPLOptions.parse([
      "--no-colour", "--raw", "-c", "GET me", "-c", "GET me/friends", "--world=w.json",
      "--target", "http://127.0.0.1:9",
    ])
    #expect(!options.color && options.raw)
    #expect(options.commands == ["GET me", "GET me/friends"])
    #expect(options.world == "w.json")
    #expect(options.target == "http://127.0.0.1:9")
    #expect(throws: ExplorerError.failed("unknown subcommand 'frob' (see graph-explorer --help)")) {
      try REPLOptions.parse(["frob"])
    }
  }

  @Test func longNamesTakeALineOfTheirOwn() {
    let help = ServeOptions.table.help(column: ServeOptions.helpColumn)
    #expect(help.contains("\n  --deterministic-secrets\n                       the emulator's"))
    #expect(help.contains("\n  --port N             port to listen on"))
  }
}
