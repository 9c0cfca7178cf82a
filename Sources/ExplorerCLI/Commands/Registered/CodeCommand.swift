import GraphAPI

/// `code [curl|objc|ios|...] [#n] [--with-token]`: an exchange's request as code, in one of
/// the languages `CodeLanguage` declares.
struct CodeCommand: REPLCommand {
  static let help = CommandHelp(
    "code [\(CodeLanguage.usage)] [#n] [--with-token]",
    summary: "Writes an exchange's request as code (Get Code); the token is a placeholder",
    details: CodeLanguage.allCases.map { "\($0.rawValue): \($0.declaration.uses)" }
      .joined(separator: "\n") + "\n"
        + """
        <ACCESS_TOKEN> stands for the token (and <CODE> for an OAuth code) unless --with-token,
        which writes what was really sent; an app secret is always <APP_SECRET>. The line's
        header items (Accept-Language:fr_FR, Authorization:"OAuth T") go along: curl and Swift
        send them, the Python code sets them on the package's session, the SDKs' code names them.
        """,
    options: [
      CodeLanguage.usage: "the language (default: curl)",
      "#n": "the exchange to write (default: the last)",
      "--with-token": "the real token and appsecret_proof instead of placeholders",
    ],
    examples: "code", "code swift #3", "code android", "code python --with-token")

  var language: String
  var exchange: ExchangeReference
  var withToken: Bool

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> CodeCommand {
    var command = CodeCommand(language: "curl", exchange: .last, withToken: false)
    for word in arguments {
      if word.text == "--with-token" {
        command.withToken = true
      } else if let exchange = ExchangeReference(word.text), word.text != "last" {
        command.exchange = exchange
      } else if CodeLanguage(name: word.text) != nil {
        command.language = word.text
      } else {
        throw .syntax(
          message:
            "expected \(CodeLanguage.allCases.map(\.rawValue).joined(separator: ", ")), #n or --with-token, found '\(word.text)'",
          column: word.column)
      }
    }
    return command
  }

  static func completion(_ context: CompletionContext) -> Completion? {
    Completion(
      prefix: context.current, candidates: CodeLanguage.allCases.map(\.rawValue) + ["--with-token"])
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.text(try repl.code(language, try repl.session.exchange(exchange), withToken: withToken))]
  }
}
