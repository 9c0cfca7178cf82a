import GraphJSON

/// `let [<name> [= <value>]]`: named variables, as Insomnia's environment variables. `let pid =
/// $last.id` keeps the value the answer holds now; `$pid` (`$page.access_token` into an
/// object) then reads it wherever a value is typed, as `$last` does. `let` alone lists them;
/// a secret (a token) is shown masked and never stored.
struct LetCommand: REPLCommand {
  static let help = CommandHelp(
    "let [<name> [= <value>]]",
    summary: "Names a value for later lines ($name), or lists the named values",
    details: """
      let pid = $last.id keeps the id the last answer holds now; $pid then stands for it
      wherever a value is typed (GET $pid/comments, message=$pid, token $pid), as $last
      does, and later answers do not change it. A value read whole ($last.data[0]) keeps
      its JSON, so $page.access_token reads into it. A name is letters, digits and _.
      A value that is a token (by the field it came from, its name or its shape) is shown
      masked and never written to the history file or to text sent out.
      """,
    options: [
      "<name> = <value>": "sets a variable: text, or $last..., $#n... or $name... (its JSON)",
      "<name>": "shows one variable",
    ],
    examples: "let pid = $last.id", "let page = $last.data[0]", "let", "GET $pid/comments")

  /// What `let` does.
  enum Action: Equatable, Sendable {
    /// Lists the variables, or shows the one named.
    case show(String?)
    /// Sets a variable to what the template reads, when the line runs.
    case set(String, Template)
  }

  var action: Action

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> LetCommand {
    guard let first = arguments.first else { return LetCommand(action: .show(nil)) }
    var words = Array(arguments.dropFirst())
    var name = first.text
    // `let pid=$last.id`, `let pid= $last.id`, `let pid =$last.id`, `let pid = $last.id`.
    if let (head, _, tail) = first.split(atFirstOf: ["="]) {
      name = head
      if !tail.pieces.isEmpty { words.insert(tail, at: 0) }
    } else if let next = words.first, next.text.hasPrefix("=") {
      words.removeFirst()
      if let (_, _, tail) = next.split(atFirstOf: ["="]), !tail.pieces.isEmpty {
        words.insert(tail, at: 0)
      }
    } else {
      guard words.isEmpty else { throw CommandParser.usage(reference.name) }
      try check(name, column: first.column)
      return LetCommand(action: .show(name))
    }
    try check(name, column: first.column)
    guard !words.isEmpty else {
      throw .syntax(message: "let \(name) = what? (let \(name) = $last.id)", column: first.column)
    }
    // `let greeting = hello world`: the words, one space apart.
    var pieces: [Word.Piece] = []
    for (index, word) in words.enumerated() {
      if index > 0 { pieces.append(Word.Piece(text: " ", expands: false, quoted: true)) }
      pieces += word.pieces
    }
    return LetCommand(action: .set(name, Word(pieces: pieces, column: words[0].column).template))
  }

  private static func check(_ name: String, column: Int) throws(ExplorerError) {
    let bare = name.hasPrefix("$") ? String(name.dropFirst()) : name
    guard Variable.isName(bare) else {
      throw .syntax(
        message: bare == "last"
          ? "$last is the last answer: name the variable otherwise"
          : "'\(name)' is no variable name (letters, digits and _, not starting with a digit)",
        column: column)
    }
  }

  static func completion(_ context: CompletionContext) -> Completion? {
    context.index == 0 ? Completion(prefix: context.current, candidates: []) : nil
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    let session = repl.session
    switch action {
    case .show(nil):
      guard !session.variables.entries.isEmpty else {
        return [.text("no variables (let pid = $last.id sets one)\n")]
      }
      return [.text(session.variables.entries.map { Self.shown($0, in: repl) + "\n" }.joined())]
    case .show(let name?):
      let bare = name.hasPrefix("$") ? String(name.dropFirst()) : name
      guard let entry = session.variables[bare] else {
        throw .unknownVariable(bare, known: session.variables.names)
      }
      return [.text(Self.shown(entry, in: repl) + "\n")]
    case .set(let name, let template):
      let name = name.hasPrefix("$") ? String(name.dropFirst()) : name
      let value: JSONValue
      var source: Variable?
      if template.segments.count == 1, case .variable(let variable) = template.segments[0] {
        value = try session.jsonValue(of: variable)
        source = variable
      } else {
        value = .string(try session.resolve(template))
      }
      session.variables.set(
        name, to: value, from: source, publicValues: session.publicTokens)
      guard let entry = session.variables[name] else { return [] }
      return [.note(Self.shown(entry, in: repl))]
    }
  }

  /// `$pid = "100001000000001"`: the compact JSON, each secret shown as `token` shows a token
  /// (masked, `EAAB…x9Zq`, unless the emulator's own), long values cut to 100 characters.
  static func shown(_ entry: NamedVariables.Entry, in repl: REPL) -> String {
    var text = entry.value.compactText
    for secret in entry.secrets {
      text = text.replacingOccurrences(of: secret, with: repl.shown(secret, unmasked: false))
    }
    if text.count > 100 { text = String(text.prefix(99)) + "…" }
    let note = entry.secrets.isEmpty ? "" : " · a secret: never stored"
    return "$\(entry.name) = \(text)\(note)"
  }
}
