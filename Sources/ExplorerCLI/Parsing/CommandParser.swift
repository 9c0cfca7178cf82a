import GraphAPI

/// Turns one REPL line into a `ParsedLine`. Pure: no state, no I/O, so every rule is tested
/// by a table.
///
/// Grammar (docs/commands.md has the full reference):
/// `GET|POST|DELETE <path> [name=value | name:=<json> | name@<file> ...]`, a bare path meaning
/// GET; `<command> [arguments]`; `!n` to re-run; any line may end in `> file`, `>> file` or
/// `| shell command`.
enum CommandParser {
  /// The HTTP methods a request line may start with.
  static let methods = Set(GraphMethod.allCases.map(\.rawValue))

  /// Parses `line`.
  /// - Throws: `ExplorerError.syntax`, `.unknownCommand` or `.usage` saying what is wrong.
  static func parse(_ line: String) throws(ExplorerError) -> ParsedLine {
    let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    let tokens = try Tokenizer.tokenize(line, redirections: words.first != "expect")
    guard let first = tokens.words.first else {
      guard tokens.redirect == .none else {
        throw .syntax(message: "nothing to redirect", column: 1)
      }
      return ParsedLine(command: .empty)
    }
    let arguments = Array(tokens.words.dropFirst())
    let command = try parseCommand(first, arguments)
    return ParsedLine(command: command, redirect: tokens.redirect)
  }

  private static func parseCommand(
    _ first: Word, _ arguments: [Word]
  ) throws(ExplorerError) -> Command {
    let name = first.text
    if let method = GraphMethod(name: name) {
      guard let path = arguments.first else {
        throw usage(method.rawValue)
      }
      return .request(try requestLine(method: method, path: path, Array(arguments.dropFirst())))
    }
    // `!3`, `!!`: `!n`'s name is the `!`, and what follows it its first word.
    if name.hasPrefix("!") {
      let target = Word(String(name.dropFirst()), column: first.column + 1)
      return .of(try RerunCommand.parse([target] + arguments))
    }
    if let registered = CommandRegistry.command(named: name) {
      return .registered(RegisteredCommand(command: try registered.command(from: arguments)))
    }
    // `?` alone asks for help, as in most shells' REPLs; `?fields=id` is still a request.
    if name == "?" {
      return .of(HelpCommand(topic: arguments.first?.text))
    }
    if looksLikePath(name) {
      return .request(try requestLine(method: .get, path: first, arguments))
    }
    throw .unknownCommand(name)
  }

  /// Whether a first word that is no command should be sent as `GET`: it holds `/` or `?`,
  /// is a URL, `me`, or an id (digits and underscores).
  static func looksLikePath(_ word: String) -> Bool {
    word == "me" || word.contains("/") || word.contains("?") || word.hasPrefix("$")
      || (!word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "_") })
  }

  private static func requestLine(
    method: GraphMethod, path: Word, _ arguments: [Word]
  ) throws(ExplorerError) -> RequestLine {
    var parameters: [Parameter] = []
    var arguments = arguments[...]
    var flags: Set<String> = []
    var sdk: SDKWireForm?
    while let last = arguments.last {
      if ["--offline", "--with-token"].contains(last.text) {
        flags.insert(last.text)
        arguments.removeLast()
      } else if arguments.count >= 2, arguments[arguments.endIndex - 2].text == "--as" {
        guard let form = SDKWireForm(rawValue: last.text) else {
          throw .syntax(
            message: "--as: expected \(SDKWireForm.names), found '\(last.text)'",
            column: last.column)
        }
        sdk = form
        arguments.removeLast(2)
      } else {
        break
      }
    }
    if flags.contains("--with-token") && !flags.contains("--offline") {
      throw .syntax(message: "--with-token goes with --offline", column: 1)
    }
    for word in arguments {
      guard let parameter = Parameter(word: word) else {
        throw .syntax(
          message: "expected name=value, name:=<json> or name@<file>, found '\(word.text)'",
          column: word.column)
      }
      parameters.append(parameter)
    }
    return RequestLine(
      method: method, path: path.template, parameters: parameters,
      offline: flags.contains("--offline"), withToken: flags.contains("--with-token"), sdk: sdk)
  }

  /// `vX.Y`.
  static func isVersion(_ text: String) -> Bool {
    guard text.hasPrefix("v") else { return false }
    let parts = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
  }

  /// The exchange the one word of `command` names (`#3`, `3`), the last without a word.
  /// - Throws: `command`'s usage for more words, `.syntax` for a word that names none.
  static func reference(
    _ args: [Word], _ command: String
  ) throws(ExplorerError) -> ExchangeReference {
    guard args.count <= 1 else { throw usage(command) }
    guard let word = args.first else { return .last }
    guard let ref = ExchangeReference(word.text) else {
      throw .syntax(
        message: "expected an exchange such as #3, found '\(word.text)'", column: word.column)
    }
    return ref
  }

  /// The `.usage` error for `command`.
  static func usage(_ command: String) -> ExplorerError {
    .usage(command: command, usage: CommandReference.usage(of: command))
  }
}
