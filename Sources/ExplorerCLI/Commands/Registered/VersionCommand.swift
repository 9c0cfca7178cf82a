import GraphEmulator

/// `version [vX.Y | latest | none]`: the API version put before every path, shown or set (and
/// saved with the preferences).
struct VersionCommand: REPLCommand {
  static let help = CommandHelp(
    "version [vX.Y | latest | none]",
    summary: "Shows or sets the API version put before every path",
    details: """
      Without a version, prints the one in use. A version Graph never had is refused with
      the list; Tab offers every version there has been. A version in a path wins.
      """,
    options: [
      "vX.Y": "puts /vX.Y/ before every path",
      "latest": "the newest Graph version",
      "none": "unversioned paths: the app's default version answers",
    ],
    examples: "version v2.0", "version latest", "version none")

  /// What `version` does with the session's version.
  enum Setting: Equatable, Sendable {
    /// Prints it.
    case show
    /// Puts `vX.Y` before every path (`latest` is already the newest version's name).
    case set(String)
    /// `none`: unversioned paths.
    case clear
  }

  var setting: Setting

  static func parse(_ arguments: [Word]) throws(ExplorerError) -> VersionCommand {
    guard let word = try optionalWord(arguments) else { return VersionCommand(setting: .show) }
    if word.text == "none" { return VersionCommand(setting: .clear) }
    let version = word.text == "latest" ? GraphVersion.latest.description : word.text
    guard CommandParser.isVersion(version) else {
      throw .syntax(
        message: "expected a version such as v2.2, 'latest' or 'none', found '\(version)'",
        column: word.column)
    }
    guard GraphVersion(version) != nil else {
      throw .syntax(
        message: "\(version) is not a Graph API version; the versions are "
          + VersionRegistry.servedSummary, column: word.column)
    }
    return VersionCommand(setting: .set(version))
  }

  static func completion(_ context: CompletionContext) -> Completion? {
    context.firstWord(GraphVersion.served.reversed().map(\.description) + ["latest", "none"])
  }

  func run(in repl: REPL, line: String) async throws(ExplorerError) -> [Output] {
    let session = repl.session
    let output: Output
    switch setting {
    case .show: output = .text("version \(session.version ?? "none (unversioned paths)")\n")
    case .set(let value):
      session.version = value
      output = .note("version \(value)")
    case .clear:
      session.version = nil
      output = .note("version none: paths are sent unversioned")
    }
    try repl.savePreferences()
    return [output]
  }
}
