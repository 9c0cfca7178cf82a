/// `help` pages of the commands that work on answers and the session's files: explain, code,
/// diff, record, replay, verify, history, show, headers, raw, save, !n, expect, set, help, quit.
extension CommandManual {
  static let answerPages: [String: Page] = [
    "diff": Page(
      details: [
        "One line per difference, by path, under a --- #a / +++ #b header: changed, + added,",
        "- removed, ~ moved (array elements matched by id). Two long strings that differ are",
        "shown from a little before their first difference, with … where they are cut.",
      ],
      options: [
        Option("#a #b", "the two exchanges (default: the last two; one #a: #a with the last)"),
        Option("<file>", "a JSON file instead of #b (./3 for a file called 3)"),
        Option("--key k,...", "the members that identify array elements (default: id)"),
        Option("--ignore <path>", "leaves a path out (repeatable; *, [*], ** wildcards)"),
        Option("--ignore-order", "arrays compare as multisets"),
        Option("--exact", "numbers compare by their text (1.0 differs from 1)"),
        Option("--context N", "shows N unchanged neighbours around each difference"),
        Option("--patch", "prints an RFC 6902 JSON Patch instead"),
        Option("--merge", "prints an RFC 7386 merge patch instead"),
      ],
      examples: [
        "diff", "diff #2 #3 --ignore paging", "diff #3 expected.json",
        "diff #1 #2 --patch > fix.json",
      ]),
    "!n": Page(
      details: [
        "Prints the line it runs, then sends it again with the current token and the version",
        "it was sent with, as a new exchange.",
      ],
      options: [
        Option("!n", "runs exchange #n again"),
        Option("!!", "runs the last exchange again"),
      ],
      examples: ["!3", "!!"]),
    "expect": Page(
      details: [
        "The subject is status or a path into the body; .length is the size of an array,",
        "object or string. The value is a JSON literal or a bare word taken as a string. A",
        "failure prints the expected and the actual value; the script goes on and exits 1.",
      ],
      options: [
        Option("status", "the HTTP status of the last answer"),
        Option("path[.length]", "a path into the body: error.code, $.data[0].id, $.data.length"),
        Option("<op>", "== != < <= > >= contains exists"),
      ],
      examples: [
        "expect status == 200", "expect error.code == 190", "expect $.data.length >= 2",
      ]),
  ]
}
