/// Every REPL command defined as a `REPLCommand` type, in the order `help` lists them (after
/// the request methods): the array's order is the only one. Adding a command is its file and
/// its line here.
enum CommandRegistry {
  /// The registered commands in `help`'s order.
  static let commands: [any REPLCommand.Type] = [
    NextCommand.self,
    PreviousCommand.self,
    AllCommand.self,
    SearchCommand.self,
    BatchCommand.self,
    TokenCommand.self,
    VersionCommand.self,
    TargetCommand.self,
    AppCommand.self,
    LoginCommand.self,
    DialogCommand.self,
    EventsCommand.self,
    GrantCommand.self,
    RevokeCommand.self,
    LogoutCommand.self,
    ResetCommand.self,
    WhoamiCommand.self,
    FieldsCommand.self,
    ExplainCommand.self,
    DoctorREPLCommand.self,
    CodeCommand.self,
    DiffREPLCommand.self,
    RecordCommand.self,
    ReplayCommand.self,
    VerifyREPLCommand.self,
    HistoryCommand.self,
    ShowCommand.self,
    HeadersCommand.self,
    RawCommand.self,
    SaveCommand.self,
    RerunCommand.self,
    ExpectCommand.self,
    LetCommand.self,
    SetCommand.self,
    HelpCommand.self,
    QuitCommand.self,
  ]

  /// The other names a command answers to.
  static let aliases = ["exit": "quit"]

  /// The registered command called `name` (or an alias of it).
  static func command(named name: String) -> (any REPLCommand.Type)? {
    let name = aliases[name] ?? name
    return commands.first { $0.reference.name == name }
  }

  /// `entries` followed by each registered command's entry, in the registry's order.
  static func merged(into entries: [CommandReference.Entry]) -> [CommandReference.Entry] {
    entries + commands.map { $0.reference }
  }
}
