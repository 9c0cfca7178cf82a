/// What `help <command>` adds to a command's usage and summary: what it does in more words, every
/// option and form, and examples. One page per command of `CommandReference`, as data (each
/// registered command's `CommandHelp`, the request methods' in `CommandManual+Requests.swift`);
/// `CommandReferenceTests` checks that every command has a page, that each option is named in
/// that command's section of docs/commands.md, that each example is there on a line of its own,
/// and that each example parses.
enum CommandManual {
  /// One option, form or argument: `--max N` and what it does.
  struct Option: Equatable, Sendable {
    var form: String
    var text: String

    init(_ form: String, _ text: String) {
      self.form = form
      self.text = text
    }
  }

  struct Page: Equatable, Sendable {
    /// Lines of explanation: what it does, what is printed, when it fails.
    var details: [String]
    /// Every option, form or argument, with what it does.
    var options: [Option]
    /// Lines a person can type, each exactly as docs/commands.md shows it.
    var examples: [String]
  }

  /// Every command's page, by `CommandReference.Entry.name`.
  static let pages: [String: Page] = requestPages.merging(
    CommandRegistry.commands.map { ($0.reference.name, $0.manual) }
  ) { first, _ in first }

  /// The commands, in `help`'s order, that take `word` as a form of their own (`record stop`,
  /// `replay stop`): what a person who typed the word alone most likely meant.
  static func commands(takingWord word: String) -> [String] {
    CommandReference.entries.compactMap { entry in
      pages[entry.name]?.options.contains { $0.form == word } == true
        ? "\(entry.name) \(word)" : nil
    }
  }
}
