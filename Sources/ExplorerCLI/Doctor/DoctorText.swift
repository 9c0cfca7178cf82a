/// `doctor`'s terminal report: short, coloured only when asked, with the interaction numbers
/// to `show` and `explain` after `replay FILE`.
struct DoctorText {
  var color: Bool
  /// What the interaction numbers are for, after the summary line.
  var hint = "#n: `replay FILE`, then `show #n` / `explain #n` in the REPL"

  private func paint(_ code: String, _ text: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  func lines(_ report: DoctorReport) -> [String] {
    let analysis = report.analysis
    let overview = analysis.overview
    var out: [String] = []
    var head =
      "\(paint("1", "doctor: \(AuditCommand.shown(report.file))")) (\(report.format)): \(overview.interactions) interaction(s)"
    if let first = overview.firstDay, let last = overview.lastDay {
      head += ", \(first == last ? first : "\(first) to \(last)")"
      if let start = overview.firstTime, let end = overview.lastTime {
        head += " (\(Self.span(end - start)))"
      }
    }
    out.append(head)
    if !overview.hostOrder.isEmpty {
      out.append(
        "  hosts: "
          + overview.hostOrder.prefix(6).map {
            "\(AuditCommand.shown($0)) ×\(overview.hosts[$0] ?? 0)"
          }
          .joined(separator: ", "))
    }
    var versions = overview.versions.values.sorted { $0.version < $1.version }.map { use in
      "\(AuditCommand.shown(use.version)) ×\(use.calls) (\(DoctorOverview.state(of: use)))"
    }
    if overview.unversioned > 0 { versions.append("unversioned ×\(overview.unversioned)") }
    if !versions.isEmpty { out.append("  versions: " + versions.joined(separator: "; ")) }
    for label in analysis.identities.order.prefix(10) {
      guard let token = analysis.identities.tokens[label] else { continue }
      var parts = ["\(token.kind) token"]
      if let owner = token.owner { parts.append("of \(owner)") }
      if let app = token.app { parts.append("app \(app)") }
      parts.append("\(token.calls) call(s)")
      if !token.granted.isEmpty {
        parts.append("granted " + token.granted.sorted().joined(separator: ","))
      }
      if !token.missing.isEmpty {
        parts.append("missing " + token.missing.sorted().joined(separator: ","))
      }
      if let death = token.death { parts.append("died #\(death.interaction): \(death.reason)") }
      out.append(
        "  token \(AuditCommand.shown(label)): "
          + AuditCommand.shown(parts.joined(separator: " · ")))
    }
    if analysis.identities.order.count > 10 {
      out.append("  … \(analysis.identities.order.count - 10) more token(s) (--json lists them)")
    }
    for finding in report.findings {
      let mark: String
      switch finding.level {
      case .error: mark = paint("31", "✖ error  ")
      case .warning: mark = paint("33", "! warning")
      case .info: mark = paint("36", "· info   ")
      }
      out.append("  \(mark) \(AuditCommand.shown(finding.title))\(Self.refs(finding))")
      let shown =
        finding.kind.hasPrefix("error:")
        ? finding.detail.filter {
          $0.hasPrefix("iOS SDK") || $0.hasPrefix("The app then") || $0.hasPrefix("Batch items")
            || $0.hasPrefix("Fix:")
        }
        : Array(finding.detail.prefix(1))
      for line in shown { out.append("      " + AuditCommand.shown(line)) }
    }
    let summary =
      "  \(report.count(.error)) error(s), \(report.count(.warning)) warning(s), \(report.count(.info)) note(s)"
    out.append(
      report.findings.isEmpty
        ? "  nothing wrong found"
        : summary
          + (report.findings.contains { !$0.interactions.isEmpty }
            ? " · \(hint)" : ""))
    return out
  }

  /// ` (#3, #5, … 12 in all)`.
  static func refs(_ finding: DoctorFinding) -> String {
    guard !finding.interactions.isEmpty else { return "" }
    var unique: [Int] = []
    for n in finding.interactions where !unique.contains(n) { unique.append(n) }
    let shown = unique.prefix(6).map { "#\($0)" }.joined(separator: ", ")
    let more = finding.count > 6 ? ", … \(finding.count) in all" : (unique.count > 6 ? ", …" : "")
    return " (\(shown)\(more))"
  }

  /// `3 s`, `2 min 5 s`, `1 h 4 min`, `2 d 3 h`.
  static func span(_ seconds: Double) -> String {
    let s = Int(max(0, seconds).rounded())
    if s < 60 { return "\(s) s" }
    if s < 3_600 { return "\(s / 60) min \(s % 60) s" }
    if s < 86_400 { return "\(s / 3_600) h \(s % 3_600 / 60) min" }
    return "\(s / 86_400) d \(s % 86_400 / 3_600) h"
  }
}
