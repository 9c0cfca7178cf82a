/// Structural diff of two JSON documents.
///
/// ```swift
/// let result = JSONDiff.diff(old, new, options: JSONDiffOptions(keys: ["id"]))
/// print(JSONDiffRenderer().render(result))
/// let patch = result.patch          // RFC 6902
/// ```
public enum JSONDiff {
  /// Compares `old` with `new`.
  ///
  /// Objects are compared member by member; arrays are aligned (Myers' O(ND) algorithm after
  /// trimming common ends, split at unique elements), with objects carrying one of
  /// `options.keys` matched by that key so reordered elements show as moves and inserted ones
  /// as inserts; unmatched elements standing in the same place are compared field by field.
  ///
  /// - Complexity: O(size) to hash the array elements, plus the alignment, which is near
  ///   linear when the documents mostly agree.
  public static func diff(_ old: JSONValue, _ new: JSONValue, options: JSONDiffOptions = .init())
    -> JSONDiffResult
  {
    var left = old
    var right = new
    if !options.ignore.isEmpty {
      let states = PatternStates(patterns: options.ignore)
      left = states.strip(old) ?? .null
      right = states.strip(new) ?? .null
    }
    var engine = DiffEngine(options: options)
    var differences: [JSONDifference] = []
    var pointer: [String] = []
    engine.diff(left, right, pointer: &pointer, path: JSONPath(), into: &differences)
    return JSONDiffResult(
      differences: differences, patch: JSONPatch(engine.operations), old: left, new: right)
  }

  /// Whether `old` and `new` are equal under `options` (numbers by value unless exact,
  /// objects as key sets, arrays in order unless `ignoreOrder`).
  public static func equal(_ old: JSONValue, _ new: JSONValue, options: JSONDiffOptions = .init())
    -> Bool
  {
    if options.ignore.isEmpty && !options.ignoreOrder {
      return ValueHasher(exact: options.exactNumbers).equal(old, new)
    }
    return diff(old, new, options: options).isEmpty
  }
}
