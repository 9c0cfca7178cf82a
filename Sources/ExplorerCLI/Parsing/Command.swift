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
  /// `--as NAME`: send the bytes this SDK would send instead of the line's own (with
  /// `--offline`: print them).
  var sdk: SDKWireForm?
}

/// Everything the REPL understands: a request line, or a command of `CommandRegistry`.
enum Command: Equatable, Sendable {
  /// A blank line: nothing to do.
  case empty
  /// `GET|POST|DELETE <path> ...`, or a bare path meant as `GET`: the methods are no
  /// `REPLCommand` types, as a bare path has no name to register.
  case request(RequestLine)
  /// A command defined as a `REPLCommand` type (`CommandRegistry`).
  case registered(RegisteredCommand)

  /// The argument of `app`.
  enum AppSetting: Equatable, Sendable {
    case show
    case set(id: String, secret: String?)
    case clear
  }
}
