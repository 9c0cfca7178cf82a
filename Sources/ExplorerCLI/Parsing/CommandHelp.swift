/// What `help` lists and explains about one command, declared in one place: the usage line
/// (whose first word is the name), the one-line summary, the details, each option or form with
/// what it does, and examples a person can type.
struct CommandHelp: Sendable {
  /// The entry `help` lists.
  let entry: CommandReference.Entry
  /// The page `help <name>` shows.
  let page: CommandManual.Page

  /// - Parameters:
  ///   - usage: the usage line; its first word is the command's name.
  ///   - summary: the one line `help` shows beside it.
  ///   - details: lines of explanation, as a multi-line literal.
  ///   - options: each option, form or argument and what it does, in order.
  ///   - examples: lines a person can type, as docs/commands.md shows them.
  init(
    _ usage: String, summary: String, details: String,
    options: KeyValuePairs<String, String> = [:], examples: String...
  ) {
    let name = usage.prefix { $0 != " " }
    entry = CommandReference.Entry(name: String(name), usage: usage, summary: summary)
    page = CommandManual.Page(
      details: details.isEmpty
        ? [] : details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      options: options.map { CommandManual.Option($0.key, $0.value) },
      examples: examples)
  }
}
