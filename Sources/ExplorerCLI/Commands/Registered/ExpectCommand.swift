/// `expect <status | path[.length]> <op> <value>`: a check on the last answer; a failure is an
/// error, so a script that holds one exits 1. Its line is never redirected (`>` is an operator).
struct ExpectCommand: REPLCommand {
  static let help = CommandHelp(
    "expect <status | path[.length]> <op> <value>",
    summary:
      "Checks the last answer (ops == != < <= > >= contains exists); a failure makes the run exit 1",
    details: """
      The subject is status or a path into the body; .length is the size of an array,
      object or string. The value is a JSON literal or a bare word taken as a string. A
      failure prints the expected and the actual value; the script goes on and exits 1.
      """,
    options: [
      "status": "the HTTP status of the last answer",
      "path[.length]": "a path into the body: error.code, $.data[0].id, $.data.length",
      "<op>": "== != < <= > >= contains exists",
    ],
    examples: "expect status == 200", "expect error.code == 190", "expect $.data.length >= 2")

  var expectation: Expectation

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> ExpectCommand {
    ExpectCommand(expectation: try Expectation(words: arguments))
  }

  /// - Throws: `.failed` with the expected and the actual value.
  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    let exchange = try repl.session.exchange(.last)
    let actual = expectation.actual(in: exchange)
    guard expectation.holds(for: actual) else {
      let shown = actual.map(\.compactText) ?? "nothing"
      throw .failed(
        "expectation failed on #\(exchange.number): \(expectation.text) (actual: \(shown))")
    }
    return [.note("ok: \(expectation.text)")]
  }
}
