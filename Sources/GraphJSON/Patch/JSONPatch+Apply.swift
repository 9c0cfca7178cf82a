extension JSONPatch {
  /// Applies the operations in order to a copy of `document` and returns the result; the
  /// patch is atomic, so on error nothing is returned.
  ///
  /// - Throws: `JSONPatchError.operationFailed` or `.testFailed` naming the 0-based index of the
  ///   failing operation and its path.
  /// - Complexity: O(depth) per operation plus O(n / 512 + 512) for an insertion into or a
  ///   removal from an array of n elements (arrays on the operations' paths are held in
  ///   chunks while the patch is applied), and the members of an object looked up.
  /// - Parameter maxGrowth: how many bytes of compact JSON the operations may add in total
  ///   (`add`, `replace` and `copy` count the value they write; nothing is credited for what
  ///   they remove). An operation that would pass it fails with `.operationFailed`, so that 26
  ///   `copy` operations doubling the document cannot take gigabytes.
  public func apply(to document: JSONValue, maxGrowth: Int = JSONPatch.defaultMaxGrowth)
    throws(JSONPatchError) -> JSONValue
  {
    var applier = Applier(document, maxGrowth: maxGrowth)
    for (index, operation) in operations.enumerated() {
      try applier.apply(operation, index: index)
    }
    return applier.result
  }

  /// Applies operations one at a time to a document (what `apply(to:maxGrowth:)` and
  /// `apply(text:to:maxGrowth:passed:)` do), within a budget on growth.
  struct Applier {
    private var root: PatchNode
    private var budget: Int
    private let maxGrowth: Int

    init(_ document: consuming JSONValue, maxGrowth: Int) {
      root = PatchNode(document)
      budget = maxGrowth
      self.maxGrowth = maxGrowth
    }

    /// The document as the operations so far left it.
    var result: JSONValue { root.value }

    /// Applies `operation`, the patch's operation `index` (from 0, for errors).
    mutating func apply(_ operation: Operation, index: Int) throws(JSONPatchError) {
      func failed(_ error: PointerFailure) -> JSONPatchError {
        .operationFailed(
          index: index, op: operation.name, path: operation.path.description,
          reason: error.message)
      }
      if case .test(let path, let expected) = operation {
        let found: JSONValue
        do throws(PointerFailure) {
          found = try JSONPatch.node(at: path, in: root).value
        } catch {
          throw failed(error)
        }
        guard found == expected else {
          throw .testFailed(
            index: index, path: path.description, expected: JSONPatch.summary(expected),
            found: JSONPatch.summary(found))
        }
        return
      }
      let written: JSONValue?
      do throws(PointerFailure) {
        written = try JSONPatch.written(by: operation, in: root)
      } catch {
        throw failed(error)
      }
      if let written {
        guard let size = written.compactSize(limit: budget) else {
          throw .operationFailed(
            index: index, op: operation.name, path: operation.path.description,
            reason:
              "the patch would add more than \(maxGrowth) bytes to the document (the limit on growth)"
          )
        }
        budget -= size
      }
      do throws(PointerFailure) {
        try JSONPatch.apply(operation, to: &root)
      } catch {
        throw failed(error)
      }
    }
  }

  /// The value `operation` adds, when it adds one (a `copy` whose source does not resolve
  /// fails, as applying it would).
  private static func written(by operation: Operation, in root: PatchNode) throws(PointerFailure)
    -> JSONValue?
  {
    switch operation {
    case .add(_, let value), .replace(_, let value): return value
    case .copy(let from, _): return try node(at: from, in: root).value
    case .remove, .move, .test: return nil
    }
  }

  private static func node(at path: JSONPointer, in root: PatchNode) throws(PointerFailure)
    -> PatchNode
  {
    var current = root
    for (depth, token) in path.tokens.enumerated() {
      current = try current.child(token, at: path.prefix(depth))
    }
    return current
  }

  /// The parent of `path` (which has at least one token), its last token and its location.
  private static func parent(of path: JSONPointer, in root: PatchNode) throws(PointerFailure)
    -> (PatchNode, String, String)
  {
    var current = root
    for (depth, token) in path.tokens.dropLast().enumerated() {
      current = try current.child(token, at: path.prefix(depth))
    }
    return (current, path.tokens[path.tokens.count - 1], path.prefix(path.tokens.count - 1))
  }

  private static func apply(_ operation: Operation, to root: inout PatchNode)
    throws(PointerFailure)
  {
    switch operation {
    case .add(let path, let value):
      try add(PatchNode(value), at: path, in: &root)
    case .remove(let path):
      _ = try remove(at: path, in: root)
    case .replace(let path, let value):
      guard !path.tokens.isEmpty else {
        root = PatchNode(value)
        return
      }
      let (parent, token, location) = try parent(of: path, in: root)
      try parent.replace(PatchNode(value), token: token, at: location)
    case .move(let from, let path):
      if from == path {
        _ = try node(at: from, in: root)
        return
      }
      if path.tokens.count > from.tokens.count,
        Array(path.tokens.prefix(from.tokens.count)) == from.tokens
      {
        throw PointerFailure("cannot move \(from) into one of its own children")
      }
      let moved = try remove(at: from, in: root)
      try add(moved, at: path, in: &root)
    case .copy(let from, let path):
      let value = try node(at: from, in: root).value
      try add(PatchNode(value), at: path, in: &root)
    case .test:
      break  // handled by apply(to:), which reports a failed test as .testFailed
    }
  }

  private static func add(_ node: PatchNode, at path: JSONPointer, in root: inout PatchNode)
    throws(PointerFailure)
  {
    guard !path.tokens.isEmpty else {
      root = node
      return
    }
    let (parent, token, location) = try parent(of: path, in: root)
    try parent.add(node, token: token, at: location)
  }

  private static func remove(at path: JSONPointer, in root: PatchNode) throws(PointerFailure)
    -> PatchNode
  {
    guard !path.tokens.isEmpty else {
      throw PointerFailure("cannot remove the whole document")
    }
    let (parent, token, location) = try parent(of: path, in: root)
    return try parent.remove(token: token, at: location)
  }

  /// A value shortened for a message.
  static func summary(_ value: JSONValue) -> String {
    let text = value.compactText
    guard text.count > 60 else { return text }
    return String(text.prefix(57)) + "..."
  }
}
