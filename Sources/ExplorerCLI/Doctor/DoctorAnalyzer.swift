import GraphAPI
import GraphCassette
import GraphEmulator

/// Reads a recorded session one interaction at a time and says what went wrong, why, and what
/// the iOS SDK 3.x did about it (`graph-explorer doctor`, the REPL's `doctor`).
///
/// Each interaction is redacted (tokens become placeholders such as `<ACCESS_TOKEN_1>`; the
/// emulator's published test tokens stay), read, and dropped: what is kept is a few counters
/// per token, per error cause, per usage header and per GET, and series of bounded length for
/// the timeline, so time is linear in the session and memory grows only with its distinct
/// calls. Secrets still in the input are listed by the `audit` rules before redaction.
public struct DoctorAnalyzer: Sendable {
  private var redactor: Redactor
  private var number = 0
  var overview = DoctorOverview()
  var identities = DoctorIdentities()
  var errors = DoctorErrors()
  var throttling = DoctorThrottling()
  var waste = DoctorWaste()
  /// The first `secretLimit` secrets found, and how many in all.
  var secrets: [SecretFinding] = []
  var secretCount = 0
  var marks = DoctorSeries<DoctorTimeline.Mark> { $0.severity >= $1.severity ? $0 : $1 }
  /// Short descriptions of the interactions findings may point at (the first thousand, and
  /// every failure after them), at most `notableLimit`.
  var notable: [Int: String] = [:]

  static let secretLimit = 200
  static let notableLimit = 2000

  /// An analyzer; `publicValues` are tokens that are not secrets (the emulator's).
  public init(publicValues: Set<String>? = nil) {
    let tokens = World.publishedTestTokens
    let known = publicValues ?? Set(tokens.map(\.token))
    redactor = Redactor(publicValues: known)
    for token in tokens where known.contains(token.token) {
      identities.knownKinds[token.token] = token.kind.rawValue
      if let user = token.userID { identities.knownOwners[token.token] = user }
    }
  }

  /// The number of the last interaction read.
  public var count: Int { number }

  /// Reads the next interaction of the session; `number` numbers it (the REPL's history
  /// numbers), else it is the one after the last.
  public mutating func add(_ interaction: Interaction, number given: Int? = nil) {
    number = given ?? number + 1
    let found = redactor.findings(in: Cassette(interactions: [interaction]))
    secretCount += found.count
    for var finding in found where secrets.count < Self.secretLimit {
      finding.interaction = number
      secrets.append(finding)
    }
    let redacted = redactor.redact(interaction)
    let call = DoctorCall(redacted, number: number)
    // The placeholder keeps the token's kind: `<APP_ACCESS_TOKEN_1>`, `<PAGE_ACCESS_TOKEN_2>`.
    if let label = call.token, identities.knownKinds[label] == nil,
      let kind = TokenFamily(placeholder: label)?.kindName
    {
      identities.knownKinds[label] = kind
    }
    overview.add(call)
    identities.add(call)
    errors.add(call, identities: identities)
    throttling.add(call)
    waste.add(call)
    let failed =
      call.answers.contains { $0.response.status >= 400 }
      || call.json?["error"] != nil
    if failed || call.status >= 400 || number <= Self.notableLimit / 2,
      notable.count < Self.notableLimit
    {
      notable[call.number] = call.summary
    }
    marks.append(DoctorTimeline.Mark(call: call, failedItem: failed))
  }

  /// The diagnosis of everything read so far.
  public func report(file: String, format: String) -> DoctorReport {
    var copy = self
    copy.errors.finish()
    copy.waste.finish()
    copy.identities.finish()
    return DoctorReport(file: file, format: format, analysis: copy)
  }

  /// The diagnosis of `cassette` (every interaction read in turn).
  public static func report(_ cassette: Cassette, file: String, format: String) -> DoctorReport {
    var analyzer = DoctorAnalyzer()
    for interaction in cassette.interactions { analyzer.add(interaction) }
    return analyzer.report(file: file, format: format)
  }
}
