/// Renders a diff as a listing by path, one difference per line:
///
/// ```
/// data[3].name: "Ann" → "Anne"
/// + data[7]: {"id":"17","name":"Bo",...}
/// - paging.next: "https://graph.facebook.com/..."
/// ~ data[2]: moved from data[5]
/// ```
///
/// Two long strings that differ are each shown from a little before their first difference,
/// `…` where they are cut (`paging.next: "…after=MTAwMDAz" → "…after=MTAwMDA1"`), so two values
/// are never cut at the same point and made to look equal.
///
/// With `color`, removals are red, additions green and moves yellow (ANSI escapes). With
/// `context` N > 0, each line is followed by up to N unchanged neighbours on either side, from
/// the same object or array, indented.
public struct JSONDiffRenderer: Sendable {
  /// Whether to use ANSI colour escapes.
  public var color: Bool
  /// How many neighbouring members or elements to show around each difference.
  public var context: Int
  /// Values longer than this many characters are shortened with `...`.
  public var valueWidth: Int

  public init(color: Bool = false, context: Int = 0, valueWidth: Int = 72) {
    self.color = color
    self.context = context
    self.valueWidth = valueWidth
  }

  /// The listing, one line per difference (plus context lines), each ending in a newline;
  /// empty when there are no differences.
  public func render(_ result: JSONDiffResult) -> String {
    var text = ""
    for line in lines(result) {
      text += line
      text += "\n"
    }
    return text
  }

  /// The listing as lines without newlines.
  public func lines(_ result: JSONDiffResult) -> [String] {
    var lines: [String] = []
    for difference in result.differences {
      lines.append(line(difference))
      if context > 0 { lines.append(contentsOf: contextLines(difference, in: result)) }
    }
    return lines
  }

  /// One difference as a line.
  public func line(_ difference: JSONDifference) -> String {
    let path = difference.path.description
    switch difference.change {
    case .changed(let from, let to):
      if case .string(let old) = from, case .string(let new) = to,
        let (a, b) = differingWindows(old, new)
      {
        return "\(path): \(paint(a, "31")) → \(paint(b, "32"))"
      }
      return "\(path): \(paint(summary(from), "31")) → \(paint(summary(to), "32"))"
    case .added(let value):
      return paint("+ \(path): \(summary(value))", "32")
    case .removed(let value):
      return paint("- \(path): \(summary(value))", "31")
    case .moved(let from):
      return paint("~ \(path): moved from \(from)", "33")
    }
  }

  /// A value in compact JSON, shortened to `valueWidth` at a member or element boundary.
  public func summary(_ value: JSONValue) -> String {
    let text = value.compactText
    guard text.count > valueWidth else { return text }
    switch value {
    case .object(let object):
      var out = "{"
      for member in object.members {
        let piece = "\(JSONValue.string(member.key).compactText):\(member.value.compactText),"
        if out.count + piece.count + 4 > valueWidth { break }
        out += piece
      }
      return out + "...}"
    case .array(let items):
      var out = "["
      for item in items {
        let piece = item.compactText + ","
        if out.count + piece.count + 4 > valueWidth { break }
        out += piece
      }
      return out + "...]"
    default:
      return String(text.prefix(max(valueWidth - 4, 8)))
        + (value.stringValue != nil ? "...\"" : "...")
    }
  }

  /// How many equal characters are kept before the first difference of two long strings.
  static let leadingContext = 16

  /// Two strings too long to show whole, each as a window from a little before their first
  /// difference, `…` where a window cuts the string: two values cut at the same point would look
  /// equal. `nil` when both fit.
  func differingWindows(_ old: String, _ new: String) -> (String, String)? {
    let a = Array(old)
    let b = Array(new)
    guard
      JSONValue.string(old).compactText.count > valueWidth
        || JSONValue.string(new).compactText.count > valueWidth
    else { return nil }
    var first = 0
    while first < a.count, first < b.count, a[first] == b[first] { first += 1 }
    let span = max(valueWidth - 4, Self.leadingContext + 8)
    // From a little before the difference, or earlier when the longer string ends sooner than
    // the window does (a difference near the end keeps more of what comes before it).
    let start = max(0, min(first - Self.leadingContext, max(a.count, b.count) - span))
    func window(_ characters: [Character]) -> String {
      let from = min(start, characters.count)
      let to = min(characters.count, from + span)
      let inner = JSONValue.string(String(characters[from..<to])).compactText.dropFirst().dropLast()
      return "\"" + (from > 0 ? "…" : "") + inner + (to < characters.count ? "…" : "") + "\""
    }
    return (window(a), window(b))
  }

  private func contextLines(_ difference: JSONDifference, in result: JSONDiffResult) -> [String] {
    guard let last = difference.path.components.last else { return [] }
    let parentPath = difference.path.parent
    var documents = [result.new, result.old]
    if case .removed = difference.change { documents.reverse() }
    for document in documents {
      guard let parent = parentPath.evaluate(on: document) else { continue }
      switch (parent, last) {
      case (.object(let object), .key(let key)):
        guard let position = object.members.lastIndex(where: { $0.key == key }) else { continue }
        return neighbours(of: position, count: object.members.count).map {
          let member = object.members[$0]
          return dim("    \(parentPath.appending(.key(member.key))): \(summary(member.value))")
        }
      case (.array(let items), .index(let index)):
        return neighbours(of: index, count: items.count).map {
          dim("    \(parentPath.appending(.index($0))): \(summary(items[$0]))")
        }
      default:
        continue
      }
    }
    return []
  }

  private func neighbours(of position: Int, count: Int) -> [Int] {
    let low = max(0, position - context)
    let high = min(count - 1, position + context)
    guard low <= high else { return [] }
    return (low...high).filter { $0 != position }
  }

  private func paint(_ text: String, _ code: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  private func dim(_ text: String) -> String { paint(text, "2") }
}
