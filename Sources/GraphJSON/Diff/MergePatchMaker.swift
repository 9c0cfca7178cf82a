/// The merge patch of a comparison's two sides (`JSONMergePatch.generate` and `isExact`),
/// made on what was compared: for two documents (`graph-explorer diff --merge`), the patch's
/// values are the new document's own values, printed from its tape, so neither side is made
/// into a tree (issue 48). The text is byte for byte what printing the tree patch gives, and
/// the patch is called exact exactly when `isExact` would call it so.
struct MergePatchMaker<Node: MergeNode> {
  /// A merge patch whose values are nodes of the new side.
  indirect enum Piece {
    /// An object of members, in the order the tree patch has them.
    case object([(key: String, value: Piece)])
    /// `null`: the member is removed.
    case null
    /// A value of the new side, whole.
    case value(Node)
    /// A part made as a tree (objects with repeated or non-ASCII names).
    case tree(JSONValue)
  }

  let comparer: Node.Comparer

  init(exactNumbers: Bool) { comparer = Node.Comparer(exact: exactNumbers) }

  /// The patch that turns `old` into `new`, and whether applying it gives `new` exactly.
  ///
  /// Where both sides are objects whose names are ASCII and each used once, the patch and its
  /// exactness are found member by member: a member the patch leaves alone must already be
  /// equal as `JSONValue`s; a member it sets anew must come out of applying it to `null`
  /// unchanged; a member it patches is the same question one level down; a member `null` in
  /// `new` cannot be expressed (`null` removes). Anywhere else, the
  /// two values are made into trees and `JSONMergePatch` answers.
  ///
  /// - Complexity: O(size of the parts that differ), plus one comparison of each part left
  ///   alone.
  func make(_ old: Node, _ new: Node) -> (patch: Piece, isExact: Bool) {
    guard case .object(let oldKeys, let oldValues) = old.diffShape,
      case .object(let newKeys, let newValues) = new.diffShape
    else {
      return (.value(new), appliedToNullIsItself(new))
    }
    guard Self.isPlain(oldKeys), Self.isPlain(newKeys) else {
      let from = old.diffValue
      let to = new.diffValue
      let patch = JSONMergePatch.generate(
        from: from, to: to, exactNumbers: comparer.isExactOnNumbers)
      return (.tree(patch), JSONMergePatch.isExact(patch, from: from, to: to))
    }
    let oldIndex = MemberIndex(oldKeys)
    let newIndex = MemberIndex(newKeys)
    var members: [(key: String, value: Piece)] = []
    var exact = true
    for key in oldKeys where newIndex.lastIndex(of: key) == nil {
      members.append((key, .null))
    }
    for (j, key) in newKeys.enumerated() {
      if let i = oldIndex.lastIndex(of: key) {
        if !comparer.equal(oldValues[i], newValues[j]) {
          // A member patched to `null` is removed, not set to `null`.
          let (piece, pieceExact) = make(oldValues[i], newValues[j])
          members.append((key, piece))
          exact = exact && pieceExact && !newValues[j].isNull
        } else if exact {
          exact = oldValues[i].isSameJSONValue(newValues[j])
        }
      } else {
        members.append((key, .value(newValues[j])))
        if exact { exact = !newValues[j].isNull && appliedToNullIsItself(newValues[j]) }
      }
    }
    return (.object(members), exact)
  }

  /// Whether `JSONMergePatch.apply(value, to: .null)` is `value` again: no member anywhere
  /// among its nested objects is `null`.
  private func appliedToNullIsItself(_ value: Node) -> Bool {
    guard case .object(let keys, let values) = value.diffShape else { return true }
    guard Self.isPlain(keys) else {
      let tree = value.diffValue
      return JSONMergePatch.apply(tree, to: .null) == tree
    }
    return values.allSatisfy { !$0.isNull && appliedToNullIsItself($0) }
  }

  /// Whether an object's names are all ASCII and each used once: then the tree patch's
  /// effective keys are the names in order, and its lookups find what the side's do.
  private static func isPlain(_ keys: [String]) -> Bool {
    guard keys.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return false }
    if keys.count <= 8 {
      for i in keys.indices {
        for j in keys.indices where j > i && keys[i] == keys[j] { return false }
      }
      return true
    }
    return Set(keys).count == keys.count
  }

  /// Prints `piece` at `depth` as `JSONWriter.write(_:depth:)` prints the tree patch.
  static func write(_ piece: Piece, depth: Int, into writer: inout JSONWriter) {
    switch piece {
    case .null:
      writer.literal("null")
      writer.valueDone()
    case .value(let node):
      node.write(into: &writer, depth: depth)
    case .tree(let value):
      writer.write(value, depth: depth)
    case .object(let members):
      guard !members.isEmpty else {
        writer.emptyContainer(object: true)
        writer.valueDone()
        return
      }
      writer.beginContainer(object: true)
      writer.valueDone()
      for (i, member) in members.enumerated() {
        writer.element(first: i == 0, depth: depth + 1)
        var key = member.key
        key.withUTF8 { writer.key($0, plain: false) }
        write(member.value, depth: depth + 1, into: &writer)
      }
      writer.endContainer(object: true, depth: depth)
      writer.valueDone()
    }
  }
}

/// A node a merge patch can be made of: compared as `JSONValue`'s `==` compares, and printed
/// in place.
protocol MergeNode: DiffNode where Comparer: MergeComparer {
  /// Whether the two are equal as `JSONValue`s (`==`: numbers by value, names and strings by
  /// their bytes).
  func isSameJSONValue(_ other: Self) -> Bool
  /// Whether this is `null`.
  var isNull: Bool { get }
  /// Prints the node as `JSONWriter.write(_:depth:)` prints its `JSONValue`.
  func write(into writer: inout JSONWriter, depth: Int)
}

/// A comparer that says whether it compares numbers by their text.
protocol MergeComparer: DiffComparer {
  var isExactOnNumbers: Bool { get }
}

extension ValueHasher: MergeComparer {
  var isExactOnNumbers: Bool { exact }
}

extension DocumentComparer: MergeComparer {
  var isExactOnNumbers: Bool { exact }
}

extension JSONValue: MergeNode {
  func isSameJSONValue(_ other: JSONValue) -> Bool { self == other }

  func write(into writer: inout JSONWriter, depth: Int) { writer.write(self, depth: depth) }
}

extension JSONDocument.Value: MergeNode {
  func isSameJSONValue(_ other: JSONDocument.Value) -> Bool {
    DocumentComparer(exact: false, bytewiseNames: true).equal(self, other)
  }

  func write(into writer: inout JSONWriter, depth: Int) { writer.write(self, depth: depth) }
}

extension JSONMergePatch {
  /// The merge patch that turns a comparison's old side into its new side, made and judged
  /// but not yet printed (`prepared(_:exactNumbers:)`): printed whole with `text`, or in
  /// pieces with `write(chunkSize:to:)`, so that a patch as large as the new document (an
  /// array a merge patch must replace whole) is never held as one string (issue 48).
  public struct Prepared {
    /// Whether applying the patch to the old side gives the new side exactly.
    public let isExact: Bool
    fileprivate let body: Body

    fileprivate enum Body {
      case tree(JSONValue)
      case documents(MergePatchMaker<JSONDocument.Value>.Piece)
    }

    /// The patch printed pretty, no trailing newline.
    public var text: String {
      var text = ""
      write { text += String(decoding: $0, as: UTF8.self) }
      return text
    }

    /// Prints the patch pretty (no trailing newline) in pieces of about `chunkSize` bytes, each
    /// valid UTF-8, handing each to `sink`.
    public func write(chunkSize: Int = 1 << 16, to sink: (UnsafeRawBufferPointer) -> Void) {
      let printer = JSONPrinter(options: [.pretty])
      switch body {
      case .tree(let value):
        printer.write(value, chunkSize: chunkSize, to: sink)
      case .documents(let piece):
        printer.streaming(chunkSize: chunkSize, to: sink) {
          MergePatchMaker<JSONDocument.Value>.write(piece, depth: 0, into: &$0)
        }
      }
    }
  }

  /// The merge patch that turns a comparison's old side into its new side (`{}` when they are
  /// equal), and whether it expresses the change exactly: what `generate(from: result.old, to:
  /// result.new, exactNumbers:)` and `isExact` give, made without trees when documents were
  /// compared.
  public static func prepared(_ result: JSONDiffResult, exactNumbers: Bool = false) -> Prepared {
    guard !result.isEmpty else {
      return Prepared(isExact: true, body: .tree(.object(JSONObject())))
    }
    switch result.sides {
    case .trees(let old, let new):
      let patch = generate(from: old, to: new, exactNumbers: exactNumbers)
      return Prepared(isExact: isExact(patch, from: old, to: new), body: .tree(patch))
    case .documents(let old, let new):
      let maker = MergePatchMaker<JSONDocument.Value>(exactNumbers: exactNumbers)
      let (patch, exact) = maker.make(old, new)
      return Prepared(isExact: exact, body: .documents(patch))
    }
  }

  /// `prepared(_:exactNumbers:)` printed whole: the text (pretty, no trailing newline) and
  /// whether the patch is exact.
  public static func printed(_ result: JSONDiffResult, exactNumbers: Bool = false)
    -> (text: String, isExact: Bool)
  {
    let patch = prepared(result, exactNumbers: exactNumbers)
    return (patch.text, patch.isExact)
  }
}
