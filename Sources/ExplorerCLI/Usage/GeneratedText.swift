/// What `graph-explorer` prints instead of opening the REPL when asked: the manual page or a
/// shell's completion script, both derived from the commands' declarations.
enum GeneratedText: Sendable, Equatable {
  /// `--generate-manual`: the roff manual page.
  case manual
  /// `--generate-completion-script SHELL`.
  case completion(CompletionScript.Shell)

  /// The text, for `graph-explorer` and its subcommands as declared.
  var text: String {
    switch self {
    case .manual: ManualPage.render(GraphExplorer.commandLine)
    case .completion(let shell): CompletionScript.render(GraphExplorer.commandLine, for: shell)
    }
  }
}

/// Every command as declared: `graph-explorer` itself, then its subcommands with their
/// summaries, in the order `--help` lists them.
struct CommandLineDescription: Sendable {
  /// `graph-explorer`'s own options and forms.
  var root: CommandUsage
  /// The subcommands: summary and usage each.
  var subcommands: [(summary: String, usage: CommandUsage)]
  /// The program's version.
  var version: String

  /// The subcommands' names, in order.
  var names: [String] { subcommands.map(\.usage.name) }
}
