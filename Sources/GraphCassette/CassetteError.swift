import GraphJSON

/// Everything that can go wrong with a cassette, each case carrying enough context for a
/// one-line message that says what and where.
public enum CassetteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read or written (`reason` is the system's message).
  case io(path: String, operation: String, reason: String)
  /// The file is not JSON: the parser's error, with its line and column.
  case invalidJSON(path: String, error: JSONParseError)
  /// The JSON is not a cassette: `interaction` is the 0-based index when the problem is inside
  /// one (printed from 1), `field` the dotted field path (`response.status`), `problem` what is wrong.
  case invalidField(path: String, interaction: Int?, field: String, problem: String)
  /// The cassette's format version is newer than this tool understands.
  case unsupportedVersion(path: String, version: String)
  /// Recording would overwrite an existing cassette (in `once` or `none` mode it never does).
  case wouldOverwrite(path: String, mode: RecordMode)
  /// Replay-only mode and the cassette does not exist.
  case missingCassette(path: String, mode: RecordMode)
  /// No recorded interaction matches `request`; `closest` describes the nearest one and what
  /// differed, when the cassette is not empty.
  case noMatch(request: String, closest: String?, differences: [String])
  /// Every interaction matching `request` has already been played.
  case exhausted(request: String, played: [Int])
  /// A recorded answer does not meet the interaction's own `expect` assertions (`interaction`
  /// is the 0-based index; printed from 1).
  case expectationFailed(interaction: Int, failures: [String])
  /// An interchange file (HAR, VCR, vcrpy) could not be read: `entry` is the 0-based index of
  /// the entry when the problem is inside one, `field` the field, `problem` what is wrong.
  case invalidInterchange(
    path: String, format: String, entry: Int?, field: String, problem: String)
  /// The file's format could not be recognised.
  case unknownFormat(path: String, reason: String)

  public var description: String {
    switch self {
    case .io(let path, let operation, let reason):
      return "\(path): cannot \(operation): \(reason)"
    case .invalidJSON(let path, let error):
      return "\(path):\(error.line):\(error.column): not JSON: \(error.message)"
    case .invalidField(let path, let interaction, let field, let problem):
      // A field's problem quotes the field (a relative URL, a method): whatever secret the
      // file holds is taken out, as for replay's messages (issue 44).
      // Numbered from 1, as verify, doctor and the REPL number interactions (issue 42).
      let place = interaction.map { "interaction \($0 + 1), " } ?? ""
      return Self.printable("\(path): \(place)\(field): \(problem)")
    case .unsupportedVersion(let path, let version):
      return
        "\(path): cassette format version \(version) is not supported (this tool reads version \(Cassette.formatVersion))"
    case .wouldOverwrite(let path, let mode):
      return
        "\(path): a cassette already exists and mode '\(mode.rawValue)' never overwrites it (use --mode new_episodes to add to it, or --mode all to re-record)"
    case .missingCassette(let path, let mode):
      return "\(path): no such cassette, and mode '\(mode.rawValue)' only replays"
    case .noMatch(let request, let closest, let differences):
      // Requests and recorded requests are printed and sent back to clients (serve's 502):
      // whatever secret a cassette or a request holds is taken out (issue 31).
      guard let closest else {
        return Self.printable("no recorded interaction matches \(request): the cassette is empty")
      }
      return Self.printable(
        "no recorded interaction matches \(request); closest is \(closest): "
          + differences.joined(separator: "; "))
    case .exhausted(let request, let played):
      let list = played.map { "#\($0 + 1)" }.joined(separator: ", ")
      return Self.printable(
        "\(request) was recorded \(played.count) time(s) (\(list)) and every recorded answer has already been played"
      )
    case .expectationFailed(let interaction, let failures):
      return "interaction \(interaction + 1): expectation failed: "
        + failures.joined(separator: "; ")
    case .invalidInterchange(let path, let format, let entry, let field, let problem):
      let place = entry.map { "entry \($0), " } ?? ""
      return Self.printable("\(path): \(format): \(place)\(field): \(problem)")
    case .unknownFormat(let path, let reason):
      return "\(path): unrecognised format: \(reason)"
    }
  }

  /// `text` with every secret in it (by name and by shape, in any encoding) as `<redacted>`.
  static func printable(_ text: String) -> String {
    SecretText.redacted(text) { _ in "<redacted>" }
  }
}
