import GraphJSON

/// One-line descriptions of `JSONDiff` differences from the recording's point of view: the
/// old document is what was recorded, the new one what came back.
enum DifferenceText {
  static func line(_ difference: JSONDifference) -> String {
    let path = difference.path.description
    switch difference.change {
    case .added(let v): return "\(path): added \(short(v))"
    case .removed(let v): return "\(path): missing (recorded \(short(v)))"
    case .changed(let from, let to): return "\(path): \(short(to)), recorded \(short(from))"
    case .moved(let from): return "\(path): moved from \(from)"
    }
  }

  static func short(_ value: JSONValue) -> String {
    let text = value.compactText
    return text.count > 80 ? String(text.prefix(77)) + "..." : text
  }
}
