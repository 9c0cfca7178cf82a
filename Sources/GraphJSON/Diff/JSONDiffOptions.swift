/// How `JSONDiff` compares two documents.
public struct JSONDiffOptions: Sendable, Hashable {
  /// Member names that identify an array element that is an object: elements with the same
  /// value of the first of these members present are the same element, so reordering shows
  /// as moves and changes inside show by field. Empty turns keyed matching off.
  public var keys: [String]
  /// Compare arrays as multisets: order is not a difference.
  public var ignoreOrder: Bool
  /// Parts of both documents left out of the comparison.
  public var ignore: [JSONPathPattern]
  /// Compare numbers by their text (`1.0` differs from `1`) instead of by value.
  public var exactNumbers: Bool

  public init(
    keys: [String] = ["id"], ignoreOrder: Bool = false, ignore: [JSONPathPattern] = [],
    exactNumbers: Bool = false
  ) {
    self.keys = keys
    self.ignoreOrder = ignoreOrder
    self.ignore = ignore
    self.exactNumbers = exactNumbers
  }
}
