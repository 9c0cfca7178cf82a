/// One difference between two documents, located by a readable path.
///
/// Paths of elements inside arrays use the index in the new document, except for removed
/// elements (and the source of a move), which use their index in the old one.
public struct JSONDifference: Sendable, Hashable {
  /// What happened at the path.
  public enum Change: Sendable, Hashable {
    /// Present only in the new document.
    case added(JSONValue)
    /// Present only in the old document.
    case removed(JSONValue)
    /// Present in both with different values (scalars, or values of different kinds).
    case changed(from: JSONValue, to: JSONValue)
    /// An array element found at `from` in the old document and at `path` in the new one.
    case moved(from: JSONPath)
  }

  public var path: JSONPath
  public var change: Change

  public init(path: JSONPath, change: Change) {
    self.path = path
    self.change = change
  }
}

/// The outcome of `JSONDiff.diff`: the differences in reading order, the RFC 6902 patch that
/// turns the old document into the new one, and the two documents as compared (with ignored
/// parts left out).
public struct JSONDiffResult: Sendable {
  /// The two sides compared: trees, or values of parsed documents (made into trees only when
  /// `old` or `new` is read).
  enum Sides: Sendable {
    case trees(JSONValue, JSONValue)
    case documents(JSONDocument.Value, JSONDocument.Value)
  }

  /// The differences, in document order.
  public var differences: [JSONDifference]
  /// A patch that turns `old` into `new` (up to array order when `ignoreOrder` was set).
  public var patch: JSONPatch
  var sides: Sides

  init(differences: [JSONDifference], patch: JSONPatch, sides: Sides) {
    self.differences = differences
    self.patch = patch
    self.sides = sides
  }

  /// The old document as compared (made from the document when a document was compared).
  public var old: JSONValue {
    get {
      switch sides {
      case .trees(let old, _): return old
      case .documents(let old, _): return old.jsonValue
      }
    }
    set { sides = .trees(newValue, new) }
  }

  /// The new document as compared (made from the document when a document was compared).
  public var new: JSONValue {
    get {
      switch sides {
      case .trees(_, let new): return new
      case .documents(_, let new): return new.jsonValue
      }
    }
    set { sides = .trees(old, newValue) }
  }

  /// Whether the documents are equal under the options.
  public var isEmpty: Bool { differences.isEmpty }
}
