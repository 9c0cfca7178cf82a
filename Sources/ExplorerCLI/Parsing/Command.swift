import GraphAPI

/// A command line parsed by `CommandParser`: what to do, and where the output goes.
struct ParsedLine: Equatable, Sendable {
  var command: Command
  var redirect: OutputRedirect = .none
}

/// A request line: `GET me/friends limit=2`, `POST me/feed message="hi there"`.
struct RequestLine: Equatable, Sendable {
  var method: GraphMethod
  /// A path (`me`, `/v2.2/me/friends?limit=2`) or a full URL such as a pasted `paging.next`.
  var path: Template
  var parameters: [Parameter]
  /// `--offline` ended the line: print the HTTP request, send nothing.
  var offline = false
  /// `--with-token` (with `--offline`): print the token and other secrets unmasked.
  var withToken = false
  /// `--as NAME` (with `--offline`): print the bytes this SDK would send instead.
  var sdk: SDKWireForm?
}

/// Everything the REPL understands. Each case is one command of docs/commands.md.
enum Command: Equatable, Sendable {
  /// A blank line: nothing to do.
  case empty
  case request(RequestLine)
  /// `login [<person>] [<permission> ...]`: opens a session on the emulator.
  case login(person: String?, permissions: [String])
  /// `login --code-flow [<person>] [<permission> ...]`: the OAuth dialog and code exchange.
  case loginCodeFlow(person: String?, permissions: [String])
  /// `dialog feed|apprequests|oauth [--cancel] [name=value ...]`.
  /// `events`: the app events logged on the emulator.
  /// `doctor [--html FILE]`: the session so far diagnosed as `graph-explorer doctor` does.
  /// `diff [#a] [#b | <file>] [options]`: `nil` sides mean the default (the one before the
  /// last answer, the last); the options as `graph-explorer diff` takes them.
  case diff(old: ExchangeReference?, new: DiffSide?, DiffArguments)
  /// `verify <cassette> [--target emulator|live|<url>] [--ignore <paths>] ...`: the arguments
  /// as `graph-explorer verify` takes them.
  /// `app`: show; `app <id> [<secret>]`: set; `app clear`.
  /// `record <file> [[--mode] mode]`: start; `record stop`.
  /// `replay <file>`: answer from a cassette; `replay stop`: back to the emulator.
  /// `code [curl|objc|swift|python] [#n] [--with-token]`.
  /// `target`: show; `target emulator|live|<url>`: switch.
  /// A command defined as a `REPLCommand` type (`CommandRegistry`).
  case registered(RegisteredCommand)

  /// What the old answer of `diff` is compared with.
  enum DiffSide: Equatable, Sendable {
    case exchange(ExchangeReference)
    /// A JSON file.
    case file(String)
  }

  /// The argument of `app`.
  enum AppSetting: Equatable, Sendable {
    case show
    case set(id: String, secret: String?)
    case clear
  }
}
