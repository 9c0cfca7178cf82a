/// A dotted path into a JSON value, as the REPL's variables use it after the variable name
/// (`$last.id`, `$#3.data[0].id`): `id`, `data[0].id`, `paging.cursors.after`,
/// `["odd key"].x`, `data[-1]` (counting from the end).
///
/// Grammar: an optional leading `.`, then a key or a bracket, then any number of `.key` or
/// brackets. A key is one or more characters other than `.`, `[`, `]`, quotes and
/// whitespace; a bracket holds an integer index or a JSON string literal (any key, escapes
/// as in JSON). The empty path (or `.`) is the value itself.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Sendable, Hashable {
    /// The member of an object with this key (the last one, if the key repeats).
    case key(String)
    /// The element of an array at this index; negative indices count from the end.
    case index(Int)
  }

  /// The steps, in order.
  public var components: [Component]

  public init(_ components: [Component] = []) { self.components = components }

  /// Parses a path; errors carry the 1-based column (in Unicode scalars) of the problem.
  public init(parsing text: String) throws(JSONPathError) {
    var parser = JSONPathParser(text: text)
    components = try parser.parse()
  }

  /// The value this path leads to in `value`, or `nil` when a step does not exist (a
  /// missing key, an index out of range, or a step into the wrong kind of value).
  public func evaluate(on value: JSONValue) -> JSONValue? {
    var current = value
    for component in components {
      switch (component, current) {
      case (.key(let key), .object(let object)):
        guard let next = object[key] else { return nil }
        current = next
      case (.index(let index), .array(let items)):
        let position = index < 0 ? items.count + index : index
        guard items.indices.contains(position) else { return nil }
        current = items[position]
      default:
        return nil
      }
    }
    return current
  }

  /// The canonical text: `data[0].from.id`, `["odd key"]`; the empty path is `.`.
  public var description: String {
    guard !components.isEmpty else { return "." }
    var text = ""
    for component in components {
      switch component {
      case .key(let key) where JSONPathParser.isPlainKey(key):
        if !text.isEmpty { text += "." }
        text += key
      case .key(let key):
        text += "[" + JSONValue.string(key).compactText + "]"
      case .index(let index):
        text += "[\(index)]"
      }
    }
    return text
  }
}

/// Why a text is not a `JSONPath`, and where.
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was expected, e.g. `a key after '.'`.
  public var expected: String
  /// What was found instead, e.g. `']'` or `end of input`.
  public var found: String
  /// 1-based column of the problem, in Unicode scalars.
  public var column: Int

  public init(expected: String, found: String, column: Int) {
    self.expected = expected
    self.found = found
    self.column = column
  }

  /// `column 6: expected ']' after an index, found 'x'`.
  public var description: String { "column \(column): expected \(expected), found \(found)" }
}
