import GraphJSON

/// Large scalars of a streamed item kept as bytes, out of the tree: a 20 MB answer body read
/// from YAML becomes the body's bytes with no `String` of it beside them (which held the file's
/// size twice at once).
extension YAMLReader {
  /// A scalar of `largeScalarBytes` or more read inside a streamed item: its text as UTF-8
  /// bytes (as read: not checked), and where it is in the item, as the index of each member or
  /// element from the item's root. Its place in the tree holds `""`.
  public struct LargeScalar {
    /// Where it is in the item: the index of each member or element from the item's root.
    public var path: [Int]
    /// Its text, as UTF-8 bytes (as read: not checked).
    public var bytes: [UInt8]
    /// For a flow sequence of strings kept out (`flow(column:)`), where each string ends in
    /// `bytes`; its place in the tree holds `[]`.
    public var ends: [UInt32]? = nil
  }

  /// Scalars this large (1 MiB) or larger in a streamed item are kept out of the tree.
  public static let largeScalarBytes = 1 << 20

  /// The value of a string scalar whose text is `text`: the string, or, when it is large and
  /// in a streamed item, `""` with the bytes kept in `large`.
  mutating func stringValue(_ text: consuming [UInt8]) -> JSONValue {
    guard inItem, text.count >= largeScalarLimit else {
      return .string(String(decoding: text, as: UTF8.self))
    }
    large.append(LargeScalar(path: itemPath, bytes: text))
    return .string("")
  }

  /// Makes the large scalars kept since `first` part of a `{"!binary": value}` made around
  /// the value they are in, which starts at `itemPath`'s depth.
  mutating func wrapLargeScalars(from first: Int) {
    for k in first..<large.count { large[k].path.insert(0, at: itemPath.count) }
  }
}
