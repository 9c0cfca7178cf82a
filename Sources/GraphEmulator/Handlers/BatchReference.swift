import GraphAPI
import GraphJSON

/// `{result=name:$.path}` references between batch operations, with the JSONPath subset
/// Graph accepts: `$.id`, `$.data.0.id`, `$.data.*.id` (several values joined by commas).
enum BatchReference {
  /// The operation names referenced in `text` (raw or percent-encoded).
  static func names(in text: String) -> [String] {
    matches(in: decoded(text)).map(\.name)
  }

  /// `text` with every reference replaced by the parent's value (empty when unresolved).
  static func substitute(_ text: String, _ resolve: (String) -> JSONValue?) -> String {
    let source = decoded(text)
    var out = ""
    var cursor = source.startIndex
    for match in matches(in: source) {
      out += source[cursor..<match.range.lowerBound]
      let values = resolve(match.name).map { evaluate(match.path, on: $0) } ?? []
      out += values.joined(separator: ",")
      cursor = match.range.upperBound
    }
    out += source[cursor...]
    return out
  }

  /// Decodes percent-encoded braces so `%7Bresult%3Dx%3A%24.id%7D` is found too.
  static func decoded(_ text: String) -> String {
    guard text.contains("%7B") || text.contains("%7b") else { return text }
    var out = ""
    var rest = Substring(text)
    while let start = rest.range(of: "%7B", options: .caseInsensitive) {
      out += rest[..<start.lowerBound]
      guard let end = rest[start.upperBound...].range(of: "%7D", options: .caseInsensitive) else {
        break
      }
      out += "{" + PercentEncoding.decode(rest[start.upperBound..<end.lowerBound]) + "}"
      rest = rest[end.upperBound...]
    }
    return out + rest
  }

  struct Match {
    var range: Range<String.Index>
    var name: String
    var path: [String]
  }

  static func matches(in text: String) -> [Match] {
    var found: [Match] = []
    var rest = text[...]
    while let start = rest.range(of: "{result=") {
      guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
      let inner = rest[start.upperBound..<end]
      if let colon = inner.firstIndex(of: ":") {
        let name = String(inner[..<colon])
        var path = inner[inner.index(after: colon)...].split(separator: ".").map(String.init)
        if path.first == "$" { path.removeFirst() }
        found.append(
          Match(range: start.lowerBound..<rest.index(after: end), name: name, path: path))
      }
      rest = rest[rest.index(after: end)...]
    }
    return found
  }

  /// The string values at `path` in `value` (`*` fans out over arrays).
  static func evaluate(_ path: [String], on value: JSONValue) -> [String] {
    guard let step = path.first else {
      switch value {
      case .string(let s): return [s]
      case .number(let n): return [n.text]
      case .bool(let b): return [b ? "true" : "false"]
      case .null: return []
      default: return [value.compactText]
      }
    }
    let rest = Array(path.dropFirst())
    if step == "*", let items = value.arrayValue {
      return items.flatMap { evaluate(rest, on: $0) }
    }
    if let index = Int(step), let item = value[index] { return evaluate(rest, on: item) }
    if let member = value[step] { return evaluate(rest, on: member) }
    return []
  }
}
