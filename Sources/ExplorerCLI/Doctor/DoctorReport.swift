import GraphAPI
import GraphCassette
import GraphEmulator

/// What `doctor` says about one recorded session: the findings, most serious first, and the
/// facts behind them (overview, tokens, errors, throttling, waste, secrets) for the terminal,
/// `--json` and `--html` renderings.
public struct DoctorReport: Sendable {
  /// The file read (or `session` for the REPL's).
  public var file: String
  /// The format it was read as: `HAR`, `graph-explorer cassette`.
  public var format: String
  /// Every finding, most serious first, then in the order of their first interaction.
  public private(set) var findings: [DoctorFinding] = []
  let analysis: DoctorAnalyzer

  init(file: String, format: String, analysis: DoctorAnalyzer) {
    self.file = file
    self.format = format
    self.analysis = analysis
    var found: [DoctorFinding] = []
    found += versionFindings()
    found += errorFindings()
    found += deletionFindings()
    found += tokenFindings()
    found += throttlingFindings()
    found += wasteFindings()
    found += secretFindings()
    findings = found.enumerated().sorted { a, b in
      if a.element.level != b.element.level { return a.element.level > b.element.level }
      return a.offset < b.offset
    }.map(\.element)
  }

  /// The most serious level found, `nil` when nothing was.
  public var worst: DoctorFinding.Level? { findings.map(\.level).max() }

  /// How many findings are at `level`.
  public func count(_ level: DoctorFinding.Level) -> Int {
    findings.filter { $0.level == level }.count
  }

  /// The kinds of every finding, for tests and scripts.
  public var kinds: [String] { findings.map(\.kind) }

  private func versionFindings() -> [DoctorFinding] {
    var out: [DoctorFinding] = []
    let overview = analysis.overview
    for use in overview.versions.values.sorted(by: { $0.version < $1.version })
    where use.pastEndOfLife > 0 {
      let release = use.release
      out.append(
        DoctorFinding(
          level: .error, kind: "version-past-end-of-life",
          title:
            "\(use.pastEndOfLife) call(s) to \(use.version) after its end of life (\(release?.endOfLife ?? "?"))",
          detail: [
            "Graph stops serving a version on its end-of-life date: calls to it are answered as the oldest version still served, so fields and edges removed since go missing.",
            "Send a current version in the path (\(GraphVersion.latest) is the newest).",
          ], interactions: use.pastEndOfLifeAt, count: use.pastEndOfLife))
    }
    for use in overview.versions.values where use.release == nil {
      out.append(
        DoctorFinding(
          level: .warning, kind: "version-unknown",
          title: "\(use.calls) call(s) to \(use.version), which Graph never had",
          detail: [
            "Graph answers an unknown version with error 2635 or 12; see the versions table."
          ],
          count: use.calls))
    }
    if overview.unversioned > 0 {
      out.append(
        DoctorFinding(
          level: .info, kind: "version-unversioned",
          title: "\(overview.unversioned) call(s) without a version in the path",
          detail: [
            "An unversioned call gets the app's default version (the oldest available when the app was created), which changes under the app as versions reach end of life."
          ], interactions: overview.unversionedAt, count: overview.unversioned))
    }
    return out
  }

  private func errorFindings() -> [DoctorFinding] {
    analysis.errors.order.compactMap { cause in
      guard let group = analysis.errors.groups[cause] else { return nil }
      let explanation = group.explanation
      let sdk = explanation.sdk
      let category = sdk.category ?? .facebookOther
      let level: DoctorFinding.Level
      switch category {
      case .throttling, .server, .retry: level = .warning
      default: level = .error
      }
      var detail: [String] = []
      if let error = explanation.error {
        detail.append("Graph: \(TerminalText.escaped(String(error.message.prefix(200))))")
      } else {
        detail.append("HTTP \(explanation.status) without a Graph error body.")
      }
      if let entry = explanation.entry {
        detail += [
          "Meaning: \(entry.meaning)", "Likely cause: \(entry.likelyCause)", "Fix: \(entry.fix)",
        ]
      }
      detail.append("iOS SDK 3.x: \(category.name): \(DoctorNextStep.text(for: sdk))")
      let next = DoctorErrors.AppNext.allCases.compactMap { outcome -> String? in
        group.appNext[outcome].map { "\(outcome.rawValue) ×\($0)" }
      }
      if !next.isEmpty { detail.append("The app then: " + next.joined(separator: ", ")) }
      if !group.batchItems.isEmpty {
        detail.append("Batch items: " + group.batchItems.joined(separator: ", "))
      }
      let title =
        explanation.entry?.title ?? explanation.error.map { _ in "Graph error" } ?? "HTTP error"
      return DoctorFinding(
        level: level, kind: "error:\(cause.replacingOccurrences(of: " ", with: "-"))",
        title: "\(cause) \(title) ×\(group.count)", detail: detail,
        interactions: group.interactions, count: group.count)
    }
  }

  /// One note for the calls that failed on what the session itself had deleted.
  private func deletionFindings() -> [DoctorFinding] {
    let deletions = analysis.errors.deletions
    guard deletions.count > 0 else { return [] }
    let named = deletions.reads
    let more = deletions.count > named.count ? ["and \(deletions.count - named.count) more"] : []
    let title =
      deletions.count == 1
      ? named[0]
      : "\(deletions.count) calls on what the session deleted: "
        + (named.prefix(3) + (named.count > 3 ? ["..."] : [])).joined(separator: ", ")
    return [
      DoctorFinding(
        level: .info, kind: "read-of-deleted", title: title,
        detail: [
          "Graph answers an object deleted earlier in the session with error 100, as one that never existed: the session itself deleted it (an app checking its delete, or a REPL session reading back)."
        ] + (deletions.count == 1 ? [] : [(named + more).joined(separator: ", ")]),
        interactions: deletions.interactions, count: deletions.count)
    ]
  }

  private func tokenFindings() -> [DoctorFinding] {
    analysis.identities.order.compactMap { label in
      guard let token = analysis.identities.tokens[label], let death = token.death,
        token.callsAfterDeathCount > 0
      else { return nil }
      return DoctorFinding(
        level: .error, kind: "dead-token-reused",
        title:
          "\(label) used \(token.callsAfterDeathCount) more time(s) after it stopped working (#\(death.interaction): \(death.reason))",
        detail: [
          "The iOS SDK 3.x closes the session on this error (FBErrorCategoryAuthenticationReopenSession); an app that keeps the token and calls again gets the same error every time.",
          "Open a new session (log in again) before calling Graph.",
        ], interactions: token.callsAfterDeath, count: token.callsAfterDeathCount)
    }
  }

  private func throttlingFindings() -> [DoctorFinding] {
    var out: [DoctorFinding] = []
    for header in DoctorThrottling.headers {
      guard let usage = analysis.throttling.usage[header], let peak = usage.peak else { continue }
      let percent = Self.percentText(peak.percent)
      if let crossed = usage.crossed100 {
        out.append(
          DoctorFinding(
            level: .error, kind: "usage-over-limit",
            title:
              "\(header) crossed 100% at #\(crossed) (peak \(percent) at #\(peak.interaction))",
            detail: [
              "At 100% Graph throttles the app (codes 4, 17, 32 or 613) until the usage falls; spread calls out, cache answers and batch."
            ], interactions: [crossed, peak.interaction]))
      } else if let crossed = usage.crossed75 {
        out.append(
          DoctorFinding(
            level: .warning, kind: "usage-high",
            title: "\(header) reached \(percent) (above 75% from #\(crossed))",
            detail: ["Graph throttles at 100%; slow down before it does."],
            interactions: [crossed, peak.interaction]))
      }
    }
    return out
  }

  private func wasteFindings() -> [DoctorFinding] {
    var out: [DoctorFinding] = []
    let waste = analysis.waste
    for entry in waste.paging.values.sorted(by: {
      $0.interactions.first ?? 0 < $1.interactions.first ?? 0
    }) {
      if !entry.loopAt.isEmpty {
        out.append(
          DoctorFinding(
            level: .error, kind: "paging-loop",
            title:
              "paging loop on \(entry.edge): a cursor requested again at #\(entry.loopAt[0]) (\(entry.pages) pages)",
            detail: [
              "The app asked for a page it already had: it follows a stale cursor or the wrong paging link, and will not reach the end.",
              "Follow paging.next (or cursors.after) from the last answer, and stop when there is no paging.next.",
            ], interactions: entry.loopAt + entry.interactions.prefix(5), count: entry.loopAt.count)
        )
      } else if entry.longestPages > 1 {
        let pages = entry.longestPages
        let items = entry.longestItems
        let again =
          entry.restarts > 0
          ? [
            "Read again from the first page \(entry.restarts) time(s) (a refresh): each read is counted on its own."
          ] : []
        out.append(
          DoctorFinding(
            level: .info, kind: "paging-one-at-a-time",
            title:
              "\(entry.edge) read in \(pages) pages (\(items) items): one call would do, saving \(pages - 1)",
            detail: [
              "A larger limit, or a nested field selection on the parent (me?fields=\(entry.edge.split(separator: "/").last ?? "friends").limit(\(max(items, 1))){id,name}), returns them in one call."
            ] + again, interactions: entry.interactions, count: pages))
      }
    }
    let repeats = waste.repeats.values.sorted { $0.first < $1.first }
    for entry in repeats.prefix(20) {
      out.append(
        DoctorFinding(
          level: entry.count >= 5 ? .warning : .info, kind: "repeated-get",
          title: "\(entry.summary) sent \(entry.count) times, saving \(entry.count - 1)",
          detail: [
            "The same GET with the same token: keep the first answer (ETag / If-None-Match) instead of asking again."
          ],
          interactions: entry.interactions, count: entry.count))
    }
    if repeats.count > 20 {
      let saved = repeats.dropFirst(20).reduce(0) { $0 + $1.count - 1 }
      out.append(
        DoctorFinding(
          level: .info, kind: "repeated-get",
          title: "\(repeats.count - 20) more GETs repeated, saving \(saved)"))
    }
    for run in waste.fanOuts.prefix(10) {
      let batches = (run.count + DoctorWaste.batchLimit - 1) / DoctorWaste.batchLimit
      out.append(
        DoctorFinding(
          level: .info, kind: "batchable-calls",
          title:
            "\(run.count) single-node GETs in a row from #\(run.first): \(batches) batch request(s) would do, saving \(run.count - batches) round trips",
          detail: [
            "Ask for the nodes together: ?ids=ID1,ID2,... is one call; a batch of up to 50 is one HTTP request (each operation in it still counts toward the rate limits)."
          ],
          interactions: run.interactions, count: run.count))
    }
    if waste.fanOutRuns > 10 {
      out.append(
        DoctorFinding(
          level: .info, kind: "batchable-calls",
          title:
            "\(waste.fanOutRuns) runs of single-node GETs in all (\(waste.fanOutCalls) calls): batches would save \(waste.fanOutSaved) round trips"
        ))
    }
    return out
  }

  private func secretFindings() -> [DoctorFinding] {
    guard analysis.secretCount > 0 else { return [] }
    return [
      DoctorFinding(
        level: .error, kind: "secret-present",
        title: "\(analysis.secretCount) secret(s) still in the file",
        detail: analysis.secrets.prefix(10).map { AuditCommand.shown($0.description) }
          + [
            "Run `graph-explorer audit --fix FILE` (or import it) to replace them by placeholders."
          ],
        interactions: analysis.secrets.map(\.interaction), count: analysis.secretCount)
    ]
  }

  /// `87%`, `120.5%`.
  static func percentText(_ value: Double) -> String {
    numberText((value * 10).rounded() / 10) + "%"
  }

  /// A number as a report shows it: `87`, `120.5`, `1e+300`; any value, infinite or not a
  /// number included, without a trap.
  static func numberText(_ value: Double) -> String {
    guard abs(value) < 1e15, let whole = Int(exactly: value) else { return "\(value)" }
    return "\(whole)"
  }
}
