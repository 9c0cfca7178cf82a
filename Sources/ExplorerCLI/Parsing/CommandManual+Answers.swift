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
      ])
  ]
}
