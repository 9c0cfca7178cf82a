/// `search <text> [name=value ...]`: `GET search?q=<text>&type=place...`, as the iOS SDK's
/// place picker sends it.
struct SearchCommand: REPLCommand {
  static let help = CommandHelp(
    "search <text> [type=place] [center=lat,lng] [distance=m] [limit=n]",
    summary: "Searches places (or type=user, page, event, group) for the text",
    details: """
      Sends GET search?q=<text>&type=... as the iOS SDK's place picker does; the words
      before the first name=value are the text. Without text, parameters alone search
      near a place (the place picker's nearby search).
      """,
    options: [
      "type=place": "what to search: place (the default), user, page, event, group",
      "center=lat,lng": "where to search from (places)",
      "distance=m": "how far from center, in metres",
      "limit=n": "how many results a page holds",
    ],
    examples: "search coffee type=place", "search type=place center=37.77,-122.42 distance=1000",
    "search bob type=user")

  /// The words before the first `name=value`, one space between them.
  var text: Template
  var parameters: [Parameter]

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> SearchCommand {
    let text = arguments.prefix { Parameter(word: $0) == nil }
    // No text is a search too when parameters say where (the place picker's nearby search).
    guard !text.isEmpty || text.count < arguments.count else {
      throw CommandParser.usage(reference.name)
    }
    var parameters: [Parameter] = []
    for word in arguments.dropFirst(text.count) {
      guard let parameter = Parameter(word: word) else {
        throw .syntax(message: "expected name=value, found '\(word.text)'", column: word.column)
      }
      parameters.append(parameter)
    }
    let pieces = text.enumerated().flatMap { index, word in
      (index == 0 ? [] : [(" ", false)]) + word.pieces.map { ($0.text, $0.expands) }
    }
    return SearchCommand(text: Template(pieces: pieces), parameters: parameters)
  }

  static func completion(_ context: CompletionContext) -> Completion? {
    context.completer.completeParameter(context.current, path: "search", method: .get)
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    [.exchange(try await repl.send(request, text: line))]
  }

  /// `GET search?q=<text>&type=place...`: the type defaults to place; no text, no `q`.
  var request: RequestLine {
    var all = text.segments.isEmpty ? [] : [Parameter(name: "q", value: .text(text))]
    if !parameters.contains(where: { $0.name == "type" }) {
      all.append(Parameter(name: "type", value: .text(Template(literal: "place"))))
    }
    return RequestLine(
      method: .get, path: Template(literal: "search"), parameters: all + parameters)
  }
}
