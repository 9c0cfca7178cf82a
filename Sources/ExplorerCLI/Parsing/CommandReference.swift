/// The REPL's commands as `help` lists them and docs/commands.md documents them (a test keeps
/// the two equal): name, usage line and one-line summary, in display order.
enum CommandReference {
  /// One command's entry.
  struct Entry: Equatable, Sendable {
    var name: String
    var usage: String
    var summary: String
  }

  /// Every command: those of `CommandRegistry` after the request methods.
  static let entries: [Entry] = CommandRegistry.merged(into: listed)

  /// The request methods, which are no `REPLCommand` types (`Command.request`).
  private static let listed: [Entry] = [
    Entry(
      name: "GET", usage: "GET <path> [name=value | name:=<json> | name@<file> ...]",
      summary:
        "Reads a node or an edge; a bare path (me, me/friends?limit=2, an id, a URL) means GET"),
    Entry(
      name: "POST", usage: "POST <path> [name=value | name:=<json> | name@<file> ...]",
      summary: "Creates or updates; parameters go in a form body, multipart when a file is attached"
    ),
    Entry(
      name: "DELETE", usage: "DELETE <path> [name=value ...]",
      summary: "Deletes a node or an edge"),
  ]

  /// The entry for `name` (commands by name or alias, methods in any case, `!3` as `!n`).
  static func entry(named name: String) -> Entry? {
    let key =
      name.hasPrefix("!")
      ? "!n"
      : CommandParser.methods.contains(name.uppercased())
        ? name.uppercased() : CommandRegistry.aliases[name] ?? name
    return entries.first { $0.name == key }
  }

  /// The usage line of `name`, or `name` itself when it has no entry.
  static func usage(of name: String) -> String { entry(named: name)?.usage ?? name }
}
