import GraphAPI

/// The report's timeline, drawn as inline SVG by the project: each request a mark by status
/// and host, each token's life a bar, and the usage headers as a line, on one axis of
/// interaction numbers (recordings often lack times, or bunch them).
enum DoctorTimeline {
  /// One request on the timeline (or, in a long session, the most serious of a few).
  struct Mark: Sendable {
    var interaction: Int
    var host: String
    var status: Int
    /// 0 success, 1 redirect or other, 2 client error, 3 throttled or server error.
    var severity: Int

    init(call: DoctorCall, failedItem: Bool) {
      interaction = call.number
      host = call.host
      status = call.status
      let throttled =
        call.json?["error"]?["code"]?.numberValue?.intValue.map {
          DoctorThrottling.codes[$0] != nil
        } ?? false
      switch call.status {
      case 200..<300: severity = failedItem ? 2 : 0
      case 400..<500: severity = throttled ? 3 : 2
      case 500...: severity = 3
      default: severity = 1
      }
    }

    var color: String { DoctorTimeline.colors[severity] }
  }

  static let colors = ["#2e7d32", "#757575", "#ef6c00", "#c62828"]
  static let width = 960.0
  static let left = 150.0
  static let lane = 18.0

  /// The SVG for `report`.
  static func svg(_ report: DoctorReport) -> String {
    let analysis = report.analysis
    let total = max(analysis.count, 1)
    let plot = width - left - 10
    func x(_ interaction: Int) -> Double {
      left + plot * Double(interaction - 1) / Double(max(total - 1, 1))
    }
    let hosts = Array(analysis.overview.hostOrder.prefix(8))
    let tokens = Array(analysis.identities.order.prefix(12))
    var y = 20.0
    var body = ""
    // Requests, one lane per host.
    for host in hosts {
      body += label(host, y: y)
      for mark in analysis.marks.points
      where mark.host == host || (host == "(no host)" && mark.host.isEmpty) {
        let title = "#\(mark.interaction) HTTP \(mark.status)"
        body +=
          "<a href=\"#i\(mark.interaction)\"><rect x=\"\(fmt(x(mark.interaction) - 1.5))\" y=\"\(fmt(y - 10))\" width=\"3\" height=\"12\" fill=\"\(mark.color)\"><title>\(HTMLText.escaped(title))</title></rect></a>"
      }
      y += lane
    }
    // Token lifetimes.
    y += 6
    for label in tokens {
      guard let token = analysis.identities.tokens[label], let first = token.firstCall,
        let last = token.lastCall
      else { continue }
      body += self.label(label, y: y)
      let end = token.death?.interaction ?? last
      body +=
        "<rect x=\"\(fmt(x(first)))\" y=\"\(fmt(y - 9))\" width=\"\(fmt(max(x(end) - x(first), 3)))\" height=\"10\" fill=\"#1565c0\"><title>\(HTMLText.escaped("\(label) \(token.kind), #\(first)-#\(end)"))</title></rect>"
      if let death = token.death {
        body +=
          "<a href=\"#i\(death.interaction)\"><rect x=\"\(fmt(x(death.interaction) - 2))\" y=\"\(fmt(y - 11))\" width=\"4\" height=\"14\" fill=\"#c62828\"><title>\(HTMLText.escaped("#\(death.interaction) \(death.reason)"))</title></rect></a>"
        if last > death.interaction {
          body +=
            "<rect x=\"\(fmt(x(death.interaction)))\" y=\"\(fmt(y - 6))\" width=\"\(fmt(x(last) - x(death.interaction)))\" height=\"4\" fill=\"#c62828\" opacity=\"0.5\"><title>used after it stopped working</title></rect>"
        }
      }
      y += lane
    }
    // Usage headers: percentage 0-100 (and above) as a line, on a scale of percentages with
    // the limit's dashed line named (issue 45: neither had a scale or a label).
    let usages = DoctorThrottling.headers.compactMap { analysis.throttling.usage[$0] }
    if !usages.isEmpty {
      y += 6
      body += usageChart(usages, top: y, x: x)
      y += usageHeight + 10 + 14
    }
    body +=
      "<text x=\"\(fmt(left))\" y=\"\(fmt(y + 8))\" font-size=\"10\">#1</text><text x=\"\(fmt(width - 10))\" y=\"\(fmt(y + 8))\" font-size=\"10\" text-anchor=\"end\">#\(total)</text>"
    let height = y + 14
    return
      "<svg viewBox=\"0 0 \(fmt(width)) \(fmt(height))\" width=\"\(fmt(width))\" height=\"\(fmt(height))\" role=\"img\" aria-label=\"timeline\">\(body)</svg>"
  }

  /// The height of the usage chart's plot.
  static let usageHeight = 60.0

  /// The usage headers' percentages as lines from `top`: the axis's scale (0%, 50%, 100% and
  /// the peak when it stands clear above it) left of the plot, the dashed line at 100% labelled as the limit Graph
  /// throttles at, and a legend naming each line's header in its colour under the plot.
  static func usageChart(
    _ usages: [DoctorThrottling.Usage], top: Double, x: (Int) -> Double
  ) -> String {
    let height = usageHeight
    let peak = max(100, usages.compactMap { $0.peak?.percent }.max() ?? 100)
    func py(_ percent: Double) -> Double { top + height - height * min(percent, peak) / peak }
    var body = label("usage %", y: top + height / 2)
    var ticks = [0.0, 50.0, 100.0]
    // The peak gets its own figure when it stands clear of 100%'s (a tenth of the plot).
    if py(100) - py(peak) >= height / 10 { ticks.append(peak) }
    for tick in ticks {
      body +=
        "<text x=\"\(fmt(left - 4))\" y=\"\(fmt(py(tick) + 3))\" font-size=\"9\" text-anchor=\"end\">\(DoctorReport.numberText(tick.rounded()))%</text>"
      if tick != 100 {
        body +=
          "<line x1=\"\(fmt(left))\" x2=\"\(fmt(width - 10))\" y1=\"\(fmt(py(tick)))\" y2=\"\(fmt(py(tick)))\" stroke=\"#e0e0e0\"/>"
      }
    }
    body +=
      "<line x1=\"\(fmt(left))\" x2=\"\(fmt(width - 10))\" y1=\"\(fmt(py(100)))\" y2=\"\(fmt(py(100)))\" stroke=\"#c62828\" stroke-dasharray=\"4 3\"><title>100%</title></line>"
    body +=
      "<text x=\"\(fmt(width - 12))\" y=\"\(fmt(py(100) - 3))\" font-size=\"9\" text-anchor=\"end\" fill=\"#c62828\">100%: Graph throttles the app</text>"
    let strokes = ["#6a1b9a", "#00838f", "#8d6e63"]
    var legendX = left
    for (index, usage) in usages.enumerated() {
      let stroke = strokes[index % 3]
      let points = usage.series.points.map { "\(fmt(x($0.interaction))),\(fmt(py($0.percent)))" }
      body +=
        "<polyline fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"1.5\" points=\"\(points.joined(separator: " "))\"><title>\(HTMLText.escaped(usage.header))</title></polyline>"
      let peakText = usage.peak.map { " (peak \(DoctorReport.numberText($0.percent))%)" } ?? ""
      let legend = usage.header + peakText
      body +=
        "<rect x=\"\(fmt(legendX))\" y=\"\(fmt(top + height + 6))\" width=\"10\" height=\"3\" fill=\"\(stroke)\"/><text x=\"\(fmt(legendX + 14))\" y=\"\(fmt(top + height + 11))\" font-size=\"10\">\(HTMLText.escaped(legend))</text>"
      legendX += 14 + Double(legend.count) * 6 + 16
    }
    return body
  }

  private static func label(_ text: String, y: Double) -> String {
    let shown = text.count > 22 ? String(text.prefix(21)) + "…" : text
    return
      "<text x=\"4\" y=\"\(fmt(y))\" font-size=\"11\" font-family=\"monospace\">\(HTMLText.escaped(shown))</text>"
  }

  static func fmt(_ value: Double) -> String {
    DoctorReport.numberText((value * 10).rounded() / 10)
  }
}
