import GraphJSON

/// Says how a request differs from a recorded one, matcher by matcher, and finds the closest
/// recorded request: an unmatched request never gets a bare "not found".
enum MatchExplainer {
  /// The differences between `recorded` and `sent` under `matchers`, one readable line each.
  static func differences(recorded: RequestKey, sent: RequestKey, matchers: MatcherSet)
    -> [String]
  {
    var out: [String] = []
    if matchers.contains(.method), recorded.method != sent.method {
      out.append("method differs (recorded \(recorded.method), sent \(sent.method))")
    }
    if matchers.contains(.host), recorded.host != sent.host {
      out.append("host differs (recorded \(recorded.host), sent \(sent.host))")
    }
    if matchers.contains(.path), recorded.path != sent.path {
      out.append("path differs (recorded \(recorded.path), sent \(sent.path))")
    }
    if matchers.contains(.query), recorded.query != sent.query {
      out.append("query differs: " + pairDifferences(recorded.query, sent.query))
    }
    if matchers.contains(.body), recorded.body != sent.body {
      out.append("body differs: " + bodyDifference(recorded.body, sent.body))
    }
    return out
  }

  /// A score of how close two keys are: agreeing parts weigh more when they are more specific.
  static func closeness(_ a: RequestKey, _ b: RequestKey, matchers: MatcherSet) -> Int {
    var score = 0
    if a.method == b.method { score += 2 }
    if a.host == b.host { score += 1 }
    if a.path == b.path { score += 8 }
    if matchers.contains(.query) {
      let shared = Set(a.query).intersection(b.query).count
      score += a.query == b.query ? 4 : min(shared, 3)
    }
    if a.body == b.body { score += 4 }
    return score
  }

  static func pairDifferences(_ recorded: [RequestKey.Pair], _ sent: [RequestKey.Pair]) -> String {
    var lines: [String] = []
    let recordedNames = Set(recorded.map(\.name))
    let sentNames = Set(sent.map(\.name))
    for name in recordedNames.union(sentNames).sorted() {
      let r = recorded.filter { $0.name == name }.map(\.value)
      let s = sent.filter { $0.name == name }.map(\.value)
      if r == s { continue }
      if r.isEmpty {
        lines.append("\(name)=\(quoted(s)) sent but not recorded")
      } else if s.isEmpty {
        lines.append("\(name)=\(quoted(r)) recorded but not sent")
      } else {
        lines.append("\(name) is \(quoted(s)), recorded \(quoted(r))")
      }
    }
    return lines.joined(separator: ", ")
  }

  private static func quoted(_ values: [String]) -> String {
    values.map { v in
      let shown = v.count > 60 ? String(v.prefix(57)) + "..." : v
      return "\"\(shown)\""
    }.joined(separator: ",")
  }

  static func bodyDifference(_ recorded: RequestKey.Body, _ sent: RequestKey.Body) -> String {
    switch (recorded, sent) {
    case (.form(let r), .form(let s)):
      return "form fields " + pairDifferences(r, s)
    case (.json(let r), .json(let s)):
      let paths = JSONDiff.diff(r, s).differences.prefix(3)
      return "JSON " + paths.map(DifferenceText.line).joined(separator: ", ")
    case (.multipart(let r), .multipart(let s)):
      let rn = r.map(\.name)
      let sn = s.map(\.name)
      if rn != sn {
        return
          "multipart parts are \(sn.joined(separator: ",")), recorded \(rn.joined(separator: ","))"
      }
      let changed = zip(r, s).filter { $0 != $1 }.map { $0.0.name }
      return "content of multipart part(s) \(changed.joined(separator: ", ")) differs"
    case (.empty, _): return "recorded without a body, sent with one"
    case (_, .empty): return "recorded with a body, sent without one"
    default:
      return "recorded \(kind(recorded)) body, sent \(kind(sent)) body"
    }
  }

  private static func kind(_ body: RequestKey.Body) -> String {
    switch body {
    case .empty: return "an empty"
    case .form: return "a form"
    case .json: return "a JSON"
    case .multipart: return "a multipart"
    case .bytes(let b): return "a \(b.count)-byte"
    }
  }
}
