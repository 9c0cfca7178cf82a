/// The text of `help` and `help <command>`, from `CommandReference`.
enum HelpText {
  /// Notes printed after the command list: the grammar that belongs to no single command.
  static let footer = """
    Any line may end in '> file', '>> file' or '| shell command' (a space before it).
    Values may use answers ($last.id, $#3.data[0].id) and variables (let pid = $last.id; $pid).
    Quote values with spaces: message="hi there". Lines starting with # are comments.
    Scripts (run FILE, -c, piped lines) exit 1 if a line failed; with --check-status (or
    set check-status on) they stop at the first answer with status 3xx, 4xx or 5xx: exit 3, 4, 5.
    """

  /// The list of commands, or one command's manual page: usage, summary, details, options and
  /// examples.
  /// - Throws: `.unknownCommand` when `topic` names no command.
  static func render(topic: String?, renderer: Renderer) throws(ExplorerError) -> String {
    if let topic {
      guard let entry = CommandReference.entry(named: topic) else { throw .unknownCommand(topic) }
      var out = "\(renderer.bold(entry.usage))\n  \(entry.summary)\n"
      guard let page = CommandManual.pages[entry.name] else { return out }
      out += "\n" + page.details.map { "  \($0)\n" }.joined()
      if !page.options.isEmpty {
        let width = min(page.options.map(\.form.count).max() ?? 0, 24)
        out += "\n\(renderer.bold("Options:"))\n"
        for option in page.options {
          let form = option.form.padding(
            toLength: max(width, option.form.count), withPad: " ", startingAt: 0)
          out += "  \(form)  \(option.text)\n"
        }
      }
      out += "\n\(renderer.bold("Examples:"))\n" + page.examples.map { "  \($0)\n" }.joined()
      return out
    }
    let width = CommandReference.entries.map(\.name.count).max() ?? 0
    var out = "Commands (help <command> for its options and examples):\n"
    for entry in CommandReference.entries {
      let name = entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
      out += "  \(renderer.bold(name))  \(entry.summary)\n"
    }
    return out + "\n" + footer + "\n"
  }
}
