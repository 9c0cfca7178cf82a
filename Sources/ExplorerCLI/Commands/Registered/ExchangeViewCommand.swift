/// `show`, `headers` and `raw`: an earlier exchange (`#n`, the last by default) printed again,
/// as its headers, or as the bytes that came.
struct ShowCommand: ExchangeViewing {
  static let help = CommandHelp(
    "show [#n]", summary: "Prints an earlier answer again",
    details: """
      Prints the answer with its status line again, as it was first shown.
      """,
    options: ["#n": "the exchange (default: the last)"],
    examples: "show", "show #3", "show #3 > friends.json")

  var exchange: ExchangeReference

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.exchange(try repl.session.exchange(exchange))]
  }
}

/// `headers [#n]`: the request and response headers of an exchange.
struct HeadersCommand: ExchangeViewing {
  static let help = CommandHelp(
    "headers [#n]", summary: "Prints the request and response headers of an exchange",
    details: """
      The request line and headers, a blank line, the status and the response headers
      (facebook-api-version, x-fb-trace-id, x-app-usage, ...), secrets redacted.
      """,
    options: ["#n": "the exchange (default: the last)"],
    examples: "headers", "headers #3")

  var exchange: ExchangeReference

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(repl.headers(of: try repl.session.exchange(exchange)))]
  }
}

/// `raw [#n]`: an exchange's response body as it came.
struct RawCommand: ExchangeViewing {
  static let help = CommandHelp(
    "raw [#n]", summary: "Prints an exchange's response body exactly as it came",
    details: """
      The bytes that came, not pretty-printed: keys, spacing and escapes as sent.
      """,
    options: ["#n": "the exchange (default: the last)"],
    examples: "raw", "raw #3 | jq .data")

  var exchange: ExchangeReference

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(repl.rawBody(of: try repl.session.exchange(exchange)))]
  }
}

/// A command whose one argument is an exchange (`#n`, the last by default).
protocol ExchangeViewing: REPLCommand {
  init(exchange: ExchangeReference)
}

extension ExchangeViewing {
  /// The kept exchanges' `#n`, each listed with its line.
  static func completion(_ context: CompletionContext) -> Completion? {
    guard context.index == 0 else { return Completion.none }
    return context.completer.exchangeReferences(context.current)
  }

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> Self {
    Self(exchange: try CommandParser.reference(arguments, reference.name))
  }
}
