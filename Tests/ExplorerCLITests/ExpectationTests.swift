import GraphAPI
import GraphJSON
import Testing

@testable import ExplorerCLI

@Suite struct ExpectationTests {
  static func exchange(status: Int, body: String) -> Exchange {
    Exchange(
      number: 1, line: "GET me",
      source: RequestLine(method: .get, path: Template(literal: "me"), parameters: []),
      request: HTTPRequest(url: "https://graph.facebook.com/me"),
      response: HTTPResponse(status: status, body: Array(body.utf8)), elapsed: .zero)
  }

  static func expectation(_ line: String) throws -> ExplorerCLI.Expectation {
    guard case .registered(let registered) = try CommandParser.parse("expect " + line).command,
      let e = (registered.command as? ExpectCommand)?.expectation
    else {
      throw ExplorerError.failed("not an expect line")
    }
    return e
  }

  static let error = exchange(
    status: 400,
    body: #"{"error":{"message":"An active access token","type":"OAuthException","code":2500}}"#)
  static let page = exchange(
    status: 200, body: #"{"data":[{"id":"1"},{"id":"2"}],"paging":{"next":"https://x"}}"#)

  static let cases: [(String, Bool, Bool)] = [
    // line, on the error answer, on the page answer
    ("status == 400", true, false),
    ("status != 400", false, true),
    ("status >= 200", true, true),
    ("status < 300", false, true),
    ("error.code == 2500", true, false),
    ("$.error.code == 2500", true, false),
    ("error.type == OAuthException", true, false),
    (#"error.type == "OAuthException""#, true, false),
    ("error.message contains active", true, false),
    ("$.data.length >= 2", false, true),
    ("$.data.length > 2", false, false),
    ("data[1].id == 2", false, false),
    ("data[1].id == '2'", false, true),
    ("paging.next exists", false, true),
    ("error exists", true, false),
  ]

  @Test(arguments: cases)
  func checks(line: String, onError: Bool, onPage: Bool) throws {
    let e = try Self.expectation(line)
    #expect(e.holds(for: e.actual(in: Self.error)) == onError)
    #expect(e.holds(for: e.actual(in: Self.page)) == onPage)
  }

  static let invalid: [(String, ExplorerError)] = [
    ("status", .usage(command: "expect", usage: CommandReference.usage(of: "expect"))),
    (
      "status ~ 3",
      .syntax(
        message: "expected an operator (== != < <= > >= contains exists), found '~'", column: 15)
    ),
    ("status ==", .usage(command: "expect", usage: CommandReference.usage(of: "expect"))),
    (
      "paging.next exists now",
      .usage(command: "expect", usage: CommandReference.usage(of: "expect"))
    ),
  ]

  @Test(arguments: invalid)
  func rejects(line: String, error: ExplorerError) {
    #expect(throws: error) { try Self.expectation(line) }
  }
}
