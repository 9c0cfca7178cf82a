import GraphAPI

/// The outcome of verifying a cassette: one result per interaction, numbered from 1 as
/// `doctor` and the REPL number them.
public struct VerificationReport: Sendable {
  /// One interaction's outcome.
  public struct Result: Sendable {
    /// 0-based interaction index (`number` is what is printed).
    public var index: Int
    /// `GET /v2.0/me`.
    public var summary: String
    /// What drifted; empty when the answer agrees.
    public var problems: [String]
    /// Why the interaction was not sent (a host that is not the Graph API), if it was not.
    public var skipped: String?
    /// Why it drifted, in one phrase shared by every drift of the same cause; `nil` when it
    /// did not drift.
    public var cause: String?

    public init(
      index: Int, summary: String, problems: [String], skipped: String? = nil,
      cause: String? = nil
    ) {
      self.index = index
      self.summary = summary
      self.problems = problems
      self.skipped = skipped
      self.cause = cause ?? (problems.isEmpty ? nil : Self.cause(of: problems))
    }

    /// The 1-based number printed as `#N`.
    public var number: Int { index + 1 }

    /// The cause `problems` show: the target's error when it answered one the recording did
    /// not have, else what kind of difference the first line is.
    static func cause(of problems: [String]) -> String {
      let first = problems[0]
      let prefix = "cause: "
      if first.hasPrefix(prefix) { return String(first.dropFirst(prefix.count)) }
      if first.hasPrefix("status ") { return "the status differs (\(first))" }
      if first.hasPrefix("header ") { return "a header differs" }
      if first.hasPrefix("expect: ") { return "an expect assertion fails" }
      if first.hasPrefix("no answer") { return "the target did not answer" }
      return "the answer's body differs"
    }
  }

  public var results: [Result]

  public init(results: [Result]) { self.results = results }

  /// Whether any interaction drifted.
  public var hasDrift: Bool { results.contains { !$0.problems.isEmpty } }

  /// The drifts grouped by cause, the largest group first (ties in order of first drift):
  /// each cause with the numbers of the interactions it explains.
  public var causes: [(cause: String, numbers: [Int])] {
    var order: [String] = []
    var numbers: [String: [Int]] = [:]
    for result in results where !result.problems.isEmpty {
      let cause = result.cause ?? Result.cause(of: result.problems)
      if numbers[cause] == nil { order.append(cause) }
      numbers[cause, default: []].append(result.number)
    }
    return order.enumerated()
      .sorted { a, b in
        let (na, nb) = (numbers[a.element]!.count, numbers[b.element]!.count)
        return na != nb ? na > nb : a.offset < b.offset
      }
      .map { ($0.element, numbers[$0.element]!) }
  }

  /// A readable report: the drifts grouped by cause, then `ok` or `DRIFT` per interaction
  /// with each difference beneath, every secret in it (a raw token in a recorded URL, header
  /// or body) as `<redacted>`.
  public var text: String { text(keeping: []) }

  /// `text`, with `publicValues` (the emulator's published test tokens) left as they are.
  public func text(keeping publicValues: Set<String>) -> String {
    SecretText.redacted(rawText, publicValues: publicValues) { _ in "<redacted>" }
  }

  private var rawText: String {
    var lines: [String] = []
    let causes = self.causes
    if !causes.isEmpty {
      let drifts = causes.reduce(0) { $0 + $1.numbers.count }
      lines.append("\(drifts) drift(s) by cause:")
      for (cause, numbers) in causes {
        let shown = cause.count > 160 ? String(cause.prefix(157)) + "..." : cause
        let list = numbers.prefix(12).map { "#\($0)" }.joined(separator: ", ")
        let more = numbers.count > 12 ? ", ..." : ""
        lines.append("  \(numbers.count): \(shown) (\(list)\(more))")
      }
    }
    for r in results {
      if let skipped = r.skipped {
        lines.append("skip  #\(r.number) \(r.summary) (\(skipped))")
        continue
      }
      lines.append("\(r.problems.isEmpty ? "ok   " : "DRIFT") #\(r.number) \(r.summary)")
      for p in r.problems { lines.append("        \(p)") }
    }
    let drifted = results.filter { !$0.problems.isEmpty }.count
    let skipped = results.filter { $0.skipped != nil }.count
    let sent = results.count - skipped
    let note = skipped == 0 ? "" : " (\(skipped) skipped: not the Graph API)"
    lines.append(
      drifted == 0
        ? "\(sent) interaction(s), no drift" + note
        : "\(drifted) of \(sent) interaction(s) drifted" + note)
    return lines.joined(separator: "\n")
  }
}
