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
    switch result.sides {
    case .trees(let old, let new): return lines(result.differences, old: old, new: new)
    case .documents(let old, let new): return lines(result.differences, old: old, new: new)
    }
  }

  private func lines<Node: DiffNode>(_ differences: [JSONDifference], old: Node, new: Node)
    -> [String]
  {
    var lines: [String] = []
    var sides = [ContextSide(root: new), ContextSide(root: old)]
    for difference in differences {
      lines.append(line(difference))
      if context > 0 { lines.append(contentsOf: contextLines(difference, sides: &sides)) }
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

  private func contextLines<Node: DiffNode>(
    _ difference: JSONDifference, sides: inout [ContextSide<Node>]
  ) -> [String] {
    guard let last = difference.path.components.last else { return [] }
    let parentPath = difference.path.parent
    var order = [0, 1]
    if case .removed = difference.change { order.reverse() }
    for side in order {
      guard let parent = sides[side].shape(at: parentPath) else { continue }
      switch (parent, last) {
      case (.object(let keys, let values), .key(let key)):
        guard let position = keys.lastIndex(where: { $0 == key }) else { continue }
        return neighbours(of: position, count: keys.count).map {
          dim("    \(parentPath.appending(.key(keys[$0]))): \(summary(values[$0].diffValue))")
        }
      case (.array(let items), .index(let index)):
        return neighbours(of: index, count: items.count).map {
          dim("    \(parentPath.appending(.index($0))): \(summary(items[$0].diffValue))")
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

/// One side of a diff as the context lines read it: the containers along a path, found as
/// `JSONPath.evaluate` finds them (the last member of a name, compared by bytes; an index from
/// the end when negative). The elements of the arrays passed through are kept, so the context
/// of many differences in one large array of a document does not walk its tape each time.
struct ContextSide<Node: DiffNode> {
  let root: Node
  private var arrays: [JSONPath: [Node]] = [:]

  init(root: Node) { self.root = root }

  /// The members or elements of the container at `path`; `nil` when nothing is there.
  mutating func shape(at path: JSONPath) -> DiffShape<Node>? {
    var current = root
    var reached = JSONPath()
    for component in path.components {
      switch component {
      case .key(let key):
        guard let next = current.diffMember(key) else { return nil }
        current = next
      case .index(let index):
        guard let items = elements(of: current, at: reached) else { return nil }
        let position = index < 0 ? items.count + index : index
        guard items.indices.contains(position) else { return nil }
        current = items[position]
      }
      reached = reached.appending(component)
    }
    if let items = elements(of: current, at: reached) { return .array(items) }
    return current.diffShape
  }

  private mutating func elements(of node: Node, at path: JSONPath) -> [Node]? {
    if let items = arrays[path] { return items }
    guard case .array(let items) = node.diffShape else { return nil }
    arrays[path] = items
    return items
  }
}
