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
    let (differences, patch) = run(left, right, options: options)
    return JSONDiffResult(differences: differences, patch: patch, sides: .trees(left, right))
  }

  /// Compares two values of parsed documents, with the same differences and patch as
  /// `diff` of their `jsonValue`s, reading them on their tapes: only the elements and members
  /// that differ are made into `JSONValue`s, so the memory is the documents' (about 1.2× their
  /// text) where two trees are about 3.6× each (issue 48). With `options.ignore`, the two
  /// values are first copied into documents without the ignored parts
  /// (`JSONDocument(stripping:_:)`), which are compared (as trees if there is no memory for
  /// the copies).
  ///
  /// The result's `old` and `new` are made from the documents when read.
  public static func diff(
    _ old: JSONDocument.Value, _ new: JSONDocument.Value, options: JSONDiffOptions = .init()
  ) -> JSONDiffResult {
    guard options.ignore.isEmpty else {
      do {
        let left = try JSONDocument(stripping: old, options.ignore)
        let right = try JSONDocument(stripping: new, options.ignore)
        return diff(stripped: left.root, right.root, options: options)
      } catch {
        return diff(old.jsonValue, new.jsonValue, options: options)
      }
    }
    return diff(stripped: old, new, options: options)
  }

  /// `diff` of two documents' values from which `options.ignore` has already been left out
  /// (`JSONDocument(stripping:_:)`): what `graph-explorer diff --ignore` runs on the copies it
  /// made of its files, letting the files' documents go as it copied them.
  package static func diff(
    stripped old: JSONDocument.Value, _ new: JSONDocument.Value, options: JSONDiffOptions
  ) -> JSONDiffResult {
    let (differences, patch) = run(old, new, options: options)
    return JSONDiffResult(differences: differences, patch: patch, sides: .documents(old, new))
  }

  private static func run<Node: DiffNode>(_ old: Node, _ new: Node, options: JSONDiffOptions)
    -> ([JSONDifference], JSONPatch)
  {
    var engine = DiffEngine<Node>(options: options)
    var differences: [JSONDifference] = []
    var pointer: [String] = []
    engine.diff(old, new, pointer: &pointer, path: JSONPath(), into: &differences)
    return (differences, JSONPatch(engine.operations))
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
