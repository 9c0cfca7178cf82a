import Foundation
import GraphCassette

extension REPL {
  /// `doctor [--html FILE [--force]]`: the session so far, read as `graph-explorer doctor`
  /// reads a recording (tokens become placeholders; the numbers are the history's). An
  /// existing file is replaced only with `force`.
  func doctor(html: String?, force: Bool = false) throws(ExplorerError) -> String {
    let history = session.history
    guard !history.isEmpty else { throw .noHistory }
    var analyzer = DoctorAnalyzer()
    // An exchange made here rather than sent (`all`'s merged result) is no request.
    var sent = 0
    for exchange in history where exchange.label == nil {
      sent += 1
      analyzer.add(
        Interaction(request: exchange.request, response: exchange.response, recordedAt: ""),
        number: exchange.number)
    }
    let report = analyzer.report(file: "session", format: "\(sent) exchange(s)")
    var text = DoctorText(color: renderer.color)
    text.hint = "#n: `show #n`, `explain #n`"
    var lines = text.lines(report)
    if let html {
      let expanded = (html as NSString).expandingTildeInPath
      if !force, case .regular = FileIO.kind(of: expanded) {
        throw .file(path: html, reason: "already exists (add --force to replace it)")
      }
      do {
        try FileIO.write(Array(DoctorHTML.page([report]).utf8), to: expanded)
      } catch {
        throw .file(path: html, reason: FileIO.reason(error))
      }
      lines.append("wrote \(html)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
