/// Every REPL command defined as a `REPLCommand` type, and where each stands among all the
/// commands `help` lists. Adding a command is its file and its line here.
enum CommandRegistry {
  /// The registered commands in `help`'s order, each after the command `help` lists before it
  /// (registered above it, or still in `CommandReference`'s list).
  static let commands: [(type: any REPLCommand.Type, after: String)] = [
    (NextCommand.self, after: "DELETE"),
    (PreviousCommand.self, after: "next"),
    (AllCommand.self, after: "prev"),
    (SearchCommand.self, after: "all"),
    (BatchCommand.self, after: "search"),
    (TokenCommand.self, after: "batch"),
    (VersionCommand.self, after: "token"),
    (TargetCommand.self, after: "version"),
    (AppCommand.self, after: "target"),
    (LoginCommand.self, after: "app"),
    (DialogCommand.self, after: "login"),
    (EventsCommand.self, after: "dialog"),
    (GrantCommand.self, after: "events"),
    (RevokeCommand.self, after: "grant"),
    (LogoutCommand.self, after: "revoke"),
    (ResetCommand.self, after: "logout"),
    (WhoamiCommand.self, after: "reset"),
    (FieldsCommand.self, after: "whoami"),
    (ExplainCommand.self, after: "fields"),
    (DoctorREPLCommand.self, after: "explain"),
    (CodeCommand.self, after: "doctor"),
    (DiffREPLCommand.self, after: "code"),
    (RecordCommand.self, after: "diff"),
    (ReplayCommand.self, after: "record"),
    (VerifyREPLCommand.self, after: "replay"),
    (HistoryCommand.self, after: "verify"),
    (ShowCommand.self, after: "history"),
    (HeadersCommand.self, after: "show"),
    (RawCommand.self, after: "headers"),
    (SaveCommand.self, after: "raw"),
    (RerunCommand.self, after: "save"),
    (ExpectCommand.self, after: "!n"),
    (LetCommand.self, after: "expect"),
    (SetCommand.self, after: "let"),
    (HelpCommand.self, after: "set"),
    (QuitCommand.self, after: "help"),
  ]

  /// The other names a command answers to.
  static let aliases = ["exit": "quit"]

  /// The registered command called `name` (or an alias of it).
  static func command(named name: String) -> (any REPLCommand.Type)? {
    let name = aliases[name] ?? name
    return commands.first { $0.type.reference.name == name }?.type
  }

  /// `entries` with each registered command's entry put after the one it names.
  static func merged(into entries: [CommandReference.Entry]) -> [CommandReference.Entry] {
    var out = entries
    for (type, after) in commands {
      let at = out.firstIndex { $0.name == after }.map { $0 + 1 } ?? out.count
      out.insert(type.reference, at: at)
    }
    return out
  }
}
