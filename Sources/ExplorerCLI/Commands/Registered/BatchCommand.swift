/// `batch [<file.json> [name@<file> ...]]`: a batch request from a file (its attached files
/// uploaded), or `batch` alone to type its request lines until `end` (the REPL's loop collects
/// them in `pendingBatch`; `REPL+Batch.swift` sends either form).
struct BatchCommand: REPLCommand {
  static let help = CommandHelp(
    "batch [<file.json> [name@<file> ...]]",
    summary:
      "Sends a batch request, from a file or from the request lines typed next (ended by 'end')",
    details: """
      batch alone starts the block form: the prompt becomes batch> and each line typed is
      one request line until a line that says end. A label: before a line names the
      operation, so later lines can use {result=label:$.path}; name@file attaches a file.
      With a file: Graph's batch array; name@file words after it upload its attached files.
      The batch is one POST / and one numbered exchange; each operation's answer is shown
      with its own status ([1] HTTP 400) and its body decoded. A line that is no request
      line (!2, history) is refused as it is typed; the block goes on.
      """,
    options: [
      "<file.json>": "Graph's batch array: method, relative_url, name, depends_on, ...",
      "name@<file>": "after a file: uploads the file its operations attach as name",
      "label:": "in the block form: names the operation the line sends",
      "end": "in the block form: sends the operations typed so far",
    ],
    examples: "batch", "photo: POST me/photos source@meal.png message=Lunch",
    "GET {result=photo:$.id}?fields=id,source", "end", "batch photo-then-read.json file1@meal.png")

  /// The batch array's file, `nil` for the typed form.
  var file: String?
  /// The files the operations attach (`name@file` words after the file).
  var attachments: [Parameter] = []

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> BatchCommand {
    var attachments: [Parameter] = []
    for word in arguments.dropFirst() {
      guard let parameter = Parameter(word: word), case .file = parameter.value else {
        throw .syntax(
          message: "expected name@file to attach, found '\(word.text)'", column: word.column)
      }
      attachments.append(parameter)
    }
    return BatchCommand(file: arguments.first?.text, attachments: attachments)
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    guard let file else {
      repl.pendingBatch = []
      return [.note("type request lines (a 'label:' before one names it), then 'end'")]
    }
    return [try await repl.batch(file: file, attachments: attachments, text: line)]
  }
}
