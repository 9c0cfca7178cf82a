import GraphAPI
import Testing

@testable import ExplorerCLI

@Suite struct CommandParserTests {
  static func request(
    _ method: String, _ path: String, _ parameters: [Parameter] = []
  ) -> Command {
    .request(
      RequestLine(
        method: GraphMethod(name: method)!, path: Template(pieces: [(path, true)]),
        parameters: parameters))
  }

  static func text(_ name: String, _ value: String) -> Parameter {
    Parameter(name: name, value: .text(Template(literal: value)))
  }

  static let valid: [(String, ParsedLine)] = [
    ("", ParsedLine(command: .empty)),
    ("   ", ParsedLine(command: .empty)),
    ("GET me", ParsedLine(command: request("GET", "me"))),
    ("get me", ParsedLine(command: request("GET", "me"))),
    ("me", ParsedLine(command: request("GET", "me"))),
    ("me/friends?limit=2", ParsedLine(command: request("GET", "me/friends?limit=2"))),
    ("/v2.2/me", ParsedLine(command: request("GET", "/v2.2/me"))),
    ("12345", ParsedLine(command: request("GET", "12345"))),
    (
      "https://graph.facebook.com/v2.2/1/friends?after=QVFI",
      ParsedLine(command: request("GET", "https://graph.facebook.com/v2.2/1/friends?after=QVFI"))
    ),
    (
      "GET me fields=id,name{picture} limit=2",
      ParsedLine(
        command: request(
          "GET", "me", [text("fields", "id,name{picture}"), text("limit", "2")]))
    ),
    (
      "POST me/feed message=\"hello world\"",
      ParsedLine(command: request("POST", "me/feed", [text("message", "hello world")]))
    ),
    (
      "POST me/feed message='it''s'",
      ParsedLine(command: request("POST", "me/feed", [text("message", "its")]))
    ),
    (
      "POST me/feed 'a=b'=c",
      ParsedLine(command: request("POST", "me/feed", [text("a=b", "c")]))
    ),
    (
      "POST me/feed message=a\\ b",
      ParsedLine(command: request("POST", "me/feed", [text("message", "a b")]))
    ),
    (
      "POST me/feed tags:='[\"1\",\"2\"]'",
      ParsedLine(
        command: request(
          "POST", "me/feed",
          [Parameter(name: "tags", value: .json(Template(literal: "[\"1\",\"2\"]")))]))
    ),
    (
      "POST me/photos source@cat.jpg",
      ParsedLine(
        command: request(
          "POST", "me/photos",
          [Parameter(name: "source", value: .file(Template(literal: "cat.jpg")))]))
    ),
    ("DELETE 123_456", ParsedLine(command: request("DELETE", "123_456"))),
    (
      "GET me > out.json",
      ParsedLine(command: request("GET", "me"), redirect: .file("out.json", append: false))
    ),
    (
      "GET me >> out.json",
      ParsedLine(command: request("GET", "me"), redirect: .file("out.json", append: true))
    ),
    (
      "GET me/friends | jq '.data[0]'",
      ParsedLine(command: request("GET", "me/friends"), redirect: .pipe("jq '.data[0]'"))
    ),
    (
      "GET me fields=a>b",
      ParsedLine(command: request("GET", "me", [text("fields", "a>b")]))
    ),
    ("token", ParsedLine(command: .of(TokenCommand(action: .show())))),
    ("token clear", ParsedLine(command: .of(TokenCommand(action: .clear)))),
    ("token --show", ParsedLine(command: .of(TokenCommand(action: .show(unmasked: true))))),
    ("record c.json all", ParsedLine(command: .of(RecordCommand(file: "c.json", mode: "all")))),
    (
      "record c.json --mode all",
      ParsedLine(command: .of(RecordCommand(file: "c.json", mode: "all")))
    ),
    ("token EAAB123", ParsedLine(command: .of(TokenCommand(action: .set("EAAB123"))))),
    ("token '$last.id'", ParsedLine(command: .of(TokenCommand(action: .set("$last.id"))))),
    (
      "token $last.data[0].access_token",
      ParsedLine(
        command: .of(
          TokenCommand(action: .setFrom(Word("$last.data[0].access_token").template))))
    ),
    ("version", ParsedLine(command: .of(VersionCommand(setting: .show)))),
    ("version v2.2", ParsedLine(command: .of(VersionCommand(setting: .set("v2.2"))))),
    ("version none", ParsedLine(command: .of(VersionCommand(setting: .clear)))),
    ("help", ParsedLine(command: .of(HelpCommand(topic: nil)))),
    ("help token", ParsedLine(command: .of(HelpCommand(topic: "token")))),
    ("?", ParsedLine(command: .of(HelpCommand(topic: nil)))),
    ("? token", ParsedLine(command: .of(HelpCommand(topic: "token")))),
    ("quit", ParsedLine(command: .of(QuitCommand()))),
    ("exit", ParsedLine(command: .of(QuitCommand()))),
    ("history", ParsedLine(command: .of(HistoryCommand()))),
    ("show", ParsedLine(command: .of(ShowCommand(exchange: .last)))),
    ("show #3", ParsedLine(command: .of(ShowCommand(exchange: .number(3))))),
    ("headers 2", ParsedLine(command: .of(HeadersCommand(exchange: .number(2))))),
    ("raw #1", ParsedLine(command: .of(RawCommand(exchange: .number(1))))),
    ("save out.json", ParsedLine(command: .of(SaveCommand(exchange: .last, path: "out.json")))),
    (
      "save #2 out.json",
      ParsedLine(command: .of(SaveCommand(exchange: .number(2), path: "out.json")))
    ),
    ("!3", ParsedLine(command: .of(RerunCommand(exchange: .number(3))))),
    ("!!", ParsedLine(command: .of(RerunCommand(exchange: .last)))),
    ("next", ParsedLine(command: .of(NextCommand()))),
    ("prev", ParsedLine(command: .of(PreviousCommand()))),
    ("all", ParsedLine(command: .of(AllCommand(max: nil)))),
    ("all --max 100", ParsedLine(command: .of(AllCommand(max: 100)))),
    ("set verbose on", ParsedLine(command: .of(SetCommand(name: "verbose", value: "on")))),
    ("set", ParsedLine(command: .of(SetCommand(name: nil, value: nil)))),
    ("set pager", ParsedLine(command: .of(SetCommand(name: "pager", value: nil)))),
    (
      "search coffee shop type=place center=37.76,-122.42 distance=1000",
      ParsedLine(
        command: .of(
          SearchCommand(
            text: Template(literal: "coffee shop"),
            parameters: [
              text("type", "place"), text("center", "37.76,-122.42"), text("distance", "1000"),
            ])))
    ),
    (
      "search \"joe's cafe\"",
      ParsedLine(command: .of(SearchCommand(text: Template(literal: "joe's cafe"), parameters: [])))
    ),
    (
      "search type=place center=37.76,-122.42 distance=1000",
      ParsedLine(
        command: .of(
          SearchCommand(
            text: Template(literal: ""),
            parameters: [
              text("type", "place"), text("center", "37.76,-122.42"), text("distance", "1000"),
            ])))
    ),
  ]

  @Test(arguments: valid)
  func parses(line: String, expected: ParsedLine) throws {
    #expect(try CommandParser.parse(line) == expected)
  }

  static let invalid: [(String, ExplorerError)] = [
    ("foo", .unknownCommand("foo")),
    ("GET", .usage(command: "GET", usage: CommandReference.usage(of: "GET"))),
    ("GET me message=\"hi", .syntax(message: "unterminated double quote", column: 16)),
    ("GET me message='hi", .syntax(message: "unterminated single quote", column: 16)),
    (
      "GET me limit",
      .syntax(
        message: "expected name=value, name:=<json> or name@<file>, found 'limit'", column: 8)
    ),
    ("GET me >", .syntax(message: "expected a file name after '>'", column: 8)),
    ("GET me > a b", .syntax(message: "expected one file name after '>'", column: 8)),
    ("GET me |", .syntax(message: "expected a shell command after '|'", column: 8)),
    ("> out", .syntax(message: "nothing to redirect", column: 1)),
    (
      "version 2",
      .syntax(message: "expected a version such as v2.2, 'latest' or 'none', found '2'", column: 9)
    ),
    ("token a b", .usage(command: "token", usage: CommandReference.usage(of: "token"))),
    ("quit now", .usage(command: "quit", usage: CommandReference.usage(of: "quit"))),
    ("show x", .syntax(message: "expected an exchange such as #3, found 'x'", column: 6)),
    ("all --max x", .usage(command: "all", usage: CommandReference.usage(of: "all"))),
    ("!x", .usage(command: "!", usage: CommandReference.usage(of: "!"))),
    ("search", .usage(command: "search", usage: CommandReference.usage(of: "search"))),
    ("POST", .usage(command: "POST", usage: CommandReference.usage(of: "POST"))),
    ("delete", .usage(command: "DELETE", usage: CommandReference.usage(of: "DELETE"))),
    ("search cafe limit=2 x", .syntax(message: "expected name=value, found 'x'", column: 21)),
  ]

  @Test(arguments: invalid)
  func rejects(line: String, expected: ExplorerError) {
    #expect(throws: expected) { try CommandParser.parse(line) }
  }

  static let variables: [(String, [Template.Segment])] = [
    ("$last.id", [.variable(Variable(exchange: .last, path: ".id"))]),
    ("$#3.data[0].id", [.variable(Variable(exchange: .number(3), path: ".data[0].id"))]),
    (
      "$last.id/comments",
      [.variable(Variable(exchange: .last, path: ".id")), .text("/comments")]
    ),
    ("me_$last", [.text("me_"), .variable(Variable(exchange: .last, path: ""))]),
    ("$lastly", [.variable(Variable(name: "lastly", path: ""))]),
    ("$pid.x/feed", [.variable(Variable(name: "pid", path: ".x")), .text("/feed")]),
    ("$9lives", [.text("$9lives")]),
    ("$#0.id", [.text("$#0.id")]),
    ("cost $5", [.text("cost $5")]),
  ]

  @Test(arguments: variables)
  func findsVariables(text: String, expected: [Template.Segment]) {
    #expect(Template(pieces: [(text, true)]).segments == expected)
  }

  @Test func singleQuotesAndEscapesKeepDollarsLiteral() throws {
    let parsed = try CommandParser.parse(
      #"POST me/feed a='$last.id' b=\$last c="\$last" d="$last.id""#)
    guard case .request(let line) = parsed.command else {
      Issue.record("not a request")
      return
    }
    let values = line.parameters.map { parameter -> Template in
      guard case .text(let t) = parameter.value else { return Template(literal: "") }
      return t
    }
    #expect(values.map(\.literal) == ["$last.id", "$last", "$last", nil])
  }
}
