/// A value as `DiffEngine` reads it: a `JSONValue` tree, or a value inside a `JSONDocument`
/// read on its tape (issue 48: `diff`'s peak memory), where only the parts that differ are
/// ever made into `JSONValue`s. One engine serves both, so both give the same differences and
/// the same patch.
protocol DiffNode: Sendable {
  /// Structural hashing and equality of this kind of node.
  associatedtype Comparer: DiffComparer where Comparer.Node == Self

  /// The node's members, elements, or neither.
  var diffShape: DiffShape<Self> { get }
  /// The value of the last member named `key` (names compared by bytes, as `JSONObject`'s
  /// subscript does) when this is an object, else `nil`.
  func diffMember(_ key: String) -> Self?
  /// Whether this is a string or a number (what may identify an array element by key).
  var isStringOrNumber: Bool { get }
  /// The node as a `JSONValue` (a copy for a document's value).
  var diffValue: JSONValue { get }
}

/// What the diff descends into.
enum DiffShape<Node> {
  /// An object's member names and values, in source order (repeated names included).
  case object(keys: [String], values: [Node])
  /// An array's elements.
  case array([Node])
  /// Anything else.
  case scalar
}

/// Structural hashing and equality under the diff's rules (`ValueHasher`'s): equal nodes hash
/// alike.
protocol DiffComparer: Sendable {
  associatedtype Node
  init(exact: Bool)
  func hash(_ node: Node) -> Int
  func equal(_ a: Node, _ b: Node) -> Bool
}

extension ValueHasher: DiffComparer {
  typealias Node = JSONValue
}

extension JSONValue: DiffNode {
  typealias Comparer = ValueHasher

  var diffShape: DiffShape<JSONValue> {
    switch self {
    case .object(let object):
      return .object(keys: object.members.map(\.key), values: object.members.map(\.value))
    case .array(let items): return .array(items)
    default: return .scalar
    }
  }

  func diffMember(_ key: String) -> JSONValue? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  var isStringOrNumber: Bool {
    switch self {
    case .string, .number: return true
    default: return false
    }
  }

  var diffValue: JSONValue { self }
}
