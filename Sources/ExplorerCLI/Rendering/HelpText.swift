/// The text of `help` and `help <command>`, from `CommandReference`.
enum HelpText {
  /// Notes printed after the command list: the grammar that belongs to no single command.
  static let footer = """
    Any line may end in '> file', '>> file' or '| shell command' (a space before it).
    Values may use answers: $last.id, $#3.data[0].id. Quote values with spaces: message="hi there".
    Lines starting with # are comments.
    """

  /// The list of commands, or one command's usage and summary.
  /// - Throws: `.unknownCommand` when `topic` names no command.
  static func render(topic: String?, renderer: Renderer) throws(ExplorerError) -> String {
    if let topic {
      guard let entry = CommandReference.entry(named: topic) else { throw .unknownCommand(topic) }
      var out = "\(renderer.bold(entry.usage))\n  \(entry.summary)\n"
      if let page = CommandManual.pages[entry.name] {
        out += "\n" + page.details.map { "  \($0)\n" }.joined()
        out += "\n\(renderer.bold("Examples:"))\n" + page.examples.map { "  \($0)\n" }.joined()
      }
      return out
    }
    let width = CommandReference.entries.map(\.name.count).max() ?? 0
    var out = "Commands (help <command> for its usage):\n"
    for entry in CommandReference.entries {
      let name = entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
      out += "  \(renderer.bold(name))  \(entry.summary)\n"
    }
    return out + "\n" + footer + "\n"
  }
}
