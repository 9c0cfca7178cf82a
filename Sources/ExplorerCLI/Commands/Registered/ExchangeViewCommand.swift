/// `show`, `headers` and `raw`: an earlier exchange (`#n`, the last by default) printed again,
/// as its headers, or as the bytes that came.
struct ShowCommand: REPLCommand {
  static let reference = CommandReference.Entry(
    name: "show", usage: "show [#n]", summary: "Prints an earlier answer again")

  static let manual = CommandManual.Page(
    details: ["Prints the answer with its status line again, as it was first shown."],
    options: [CommandManual.Option("#n", "the exchange (default: the last)")],
    examples: ["show", "show #3", "show #3 > friends.json"])

  var exchange: ExchangeReference

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> ShowCommand {
    ShowCommand(exchange: try CommandParser.reference(arguments, reference.name))
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.exchange(try repl.session.exchange(exchange))]
  }
}

/// `headers [#n]`: the request and response headers of an exchange.
struct HeadersCommand: REPLCommand {
  static let reference = CommandReference.Entry(
    name: "headers", usage: "headers [#n]",
    summary: "Prints the request and response headers of an exchange")

  static let manual = CommandManual.Page(
    details: [
      "The request line and headers, a blank line, the status and the response headers",
      "(facebook-api-version, x-fb-trace-id, x-app-usage, ...), secrets redacted.",
    ],
    options: [CommandManual.Option("#n", "the exchange (default: the last)")],
    examples: ["headers", "headers #3"])

  var exchange: ExchangeReference

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> HeadersCommand {
    HeadersCommand(exchange: try CommandParser.reference(arguments, reference.name))
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(repl.headers(of: try repl.session.exchange(exchange)))]
  }
}

/// `raw [#n]`: an exchange's response body as it came.
struct RawCommand: REPLCommand {
  static let reference = CommandReference.Entry(
    name: "raw", usage: "raw [#n]",
    summary: "Prints an exchange's response body exactly as it came")

  static let manual = CommandManual.Page(
    details: ["The bytes that came, not pretty-printed: keys, spacing and escapes as sent."],
    options: [CommandManual.Option("#n", "the exchange (default: the last)")],
    examples: ["raw", "raw #3 | jq .data"])

  var exchange: ExchangeReference

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> RawCommand {
    RawCommand(exchange: try CommandParser.reference(arguments, reference.name))
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(repl.rawBody(of: try repl.session.exchange(exchange)))]
  }
}
