import GraphAPI

/// `doctor --html FILE`: one self-contained page (inline style and SVG, no script, nothing
/// fetched from anywhere) with the timeline, every finding linked to its interactions, and
/// the tokens.
enum DoctorHTML {
  static let style = """
    body{font:14px/1.45 -apple-system,"Segoe UI",Roboto,sans-serif;margin:24px;color:#212121;max-width:1000px}
    h1{font-size:20px}h2{font-size:16px;margin-top:28px;border-bottom:1px solid #ddd}
    table{border-collapse:collapse}td,th{padding:2px 10px 2px 0;text-align:left;vertical-align:top}
    .error{color:#c62828}.warning{color:#ef6c00}.info{color:#00838f}
    li{margin:6px 0}.detail{color:#555;margin:2px 0 0 0}code{font-family:monospace}
    .i{font-family:monospace}.legend span{display:inline-block;width:10px;height:10px;margin:0 4px 0 12px}
    :target{background:#fff59d}
    """

  static func page(_ reports: [DoctorReport]) -> String {
    var html =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>graph-explorer doctor</title><style>\(style)</style></head><body>\n"
    if reports.count > 1 { html += overview(reports) }
    for (index, report) in reports.enumerated() {
      html += section(report, prefix: reports.count > 1 ? "r\(index + 1)-" : "")
    }
    html += "</body></html>\n"
    return html
  }

  /// For several files, a table at the top: each file (a link to its section), its
  /// interactions and its errors, warnings and notes, the most serious first (issue 45).
  static func overview(_ reports: [DoctorReport]) -> String {
    let e = HTMLText.escaped
    var html = "<h1>doctor: \(reports.count) files</h1>\n<table>"
    html +=
      "<tr><th>file</th><th>interactions</th><th>errors</th><th>warnings</th><th>notes</th></tr>"
    let order = reports.indices.sorted { a, b in
      let (x, y) = (reports[a], reports[b])
      if x.count(.error) != y.count(.error) { return x.count(.error) > y.count(.error) }
      if x.count(.warning) != y.count(.warning) { return x.count(.warning) > y.count(.warning) }
      return a < b
    }
    for index in order {
      let report = reports[index]
      html +=
        "<tr><td><a href=\"#r\(index + 1)-top\">\(e(report.file))</a></td><td>\(report.analysis.overview.interactions)</td><td class=\"error\">\(report.count(.error))</td><td class=\"warning\">\(report.count(.warning))</td><td>\(report.count(.info))</td></tr>"
    }
    return html + "</table>\n"
  }

  static func section(_ report: DoctorReport, prefix: String) -> String {
    let e = HTMLText.escaped
    let analysis = report.analysis
    let overview = analysis.overview
    var html =
      "<h1 id=\"\(prefix)top\">doctor: \(e(report.file)) <small>(\(e(report.format)))</small></h1>\n"
    html += "<table>"
    html += "<tr><th>interactions</th><td>\(overview.interactions)</td></tr>"
    if let first = overview.firstDay, let last = overview.lastDay {
      html +=
        "<tr><th>recorded</th><td>\(e(first == last ? first : "\(first) to \(last)"))</td></tr>"
    }
    html +=
      "<tr><th>hosts</th><td>\(e(overview.hostOrder.map { "\($0) ×\(overview.hosts[$0] ?? 0)" }.joined(separator: ", ")))</td></tr>"
    for use in overview.versions.values.sorted(by: { $0.version < $1.version }) {
      html +=
        "<tr><th>\(e(use.version)) ×\(use.calls)</th><td>\(e(DoctorOverview.state(of: use)))</td></tr>"
    }
    if overview.unversioned > 0 {
      html += "<tr><th>unversioned</th><td>\(overview.unversioned) call(s)</td></tr>"
    }
    html += "</table>\n<h2>Timeline</h2>\n"
    html += "<p class=\"legend\">"
    for (index, name) in ["2xx", "other", "4xx", "5xx or throttled"].enumerated() {
      html += "<span style=\"background:\(DoctorTimeline.colors[index])\"></span>\(name)"
    }
    html += "<span style=\"background:#1565c0\"></span>token life</p>\n"
    html += DoctorTimeline.svg(report).replacingOccurrences(
      of: "href=\"#i", with: "href=\"#\(prefix)i")
    html +=
      "\n<h2>Findings (\(report.count(.error)) errors, \(report.count(.warning)) warnings, \(report.count(.info)) notes)</h2>\n<ol>"
    var referenced: [Int] = []
    for finding in report.findings {
      html +=
        "<li><b class=\"\(finding.level.name)\">\(finding.level.name)</b> \(kind(finding))\(e(finding.title))"
      if !finding.interactions.isEmpty {
        var links: [String] = []
        for n in finding.interactions where !links.contains("#\(n)") {
          links.append("#\(n)")
          if !referenced.contains(n) { referenced.append(n) }
        }
        html +=
          " — "
          + links.prefix(20).map {
            "<a class=\"i\" href=\"#\(prefix)i\($0.dropFirst())\">\($0)</a>"
          }.joined(separator: " ")
        if finding.count > 20 { html += " … \(finding.count) in all" }
      }
      for line in finding.detail { html += "<p class=\"detail\">\(e(line))</p>" }
      html += "</li>\n"
    }
    html +=
      "</ol>\n<h2>Tokens</h2>\n<table><tr><th>token</th><th>kind</th><th>whose</th><th>calls</th><th>permissions</th><th>life</th></tr>"
    for label in analysis.identities.order.prefix(100) {
      guard let token = analysis.identities.tokens[label] else { continue }
      let permissions =
        token.granted.sorted().joined(separator: ", ")
        + (token.missing.isEmpty
          ? "" : "; missing " + token.missing.sorted().joined(separator: ", "))
      let life = token.events.map { "#\($0.0) \($0.1)" }.joined(separator: "; ")
      html +=
        "<tr><td><code>\(e(label))</code></td><td>\(e(token.kind))</td><td>\(e(token.owner ?? "?"))</td><td>\(token.calls)</td><td>\(e(permissions))</td><td>\(e(life))</td></tr>"
    }
    html += "</table>\n<h2>Interactions</h2>\n<table>"
    for n in referenced.sorted() {
      html +=
        "<tr id=\"\(prefix)i\(n)\"><td class=\"i\">#\(n)</td><td><code>\(e(analysis.notable[n] ?? ""))</code></td></tr>"
    }
    html += "</table>\n"
    return html
  }

  /// `<code>paging-loop</code> ` before a title; nothing for an error cause's finding, whose
  /// title starts with the cause its kind repeats (`error:200` before `200 Requires ...`).
  static func kind(_ finding: DoctorFinding) -> String {
    finding.kind.hasPrefix("error:") ? "" : "<code>\(HTMLText.escaped(finding.kind))</code> "
  }
}
