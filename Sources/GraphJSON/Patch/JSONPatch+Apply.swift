extension JSONPatch {
  /// Applies the operations in order to a copy of `document` and returns the result; the
  /// patch is atomic, so on error nothing is returned.
  ///
  /// - Throws: `JSONPatchError.operationFailed` or `.testFailed` naming the 0-based index of the
  ///   failing operation and its path.
  /// - Complexity: O(depth) per operation plus the cost of inserting into or removing from an
  ///   array (linear in its length).
  /// - Parameter maxGrowth: how many bytes of compact JSON the operations may add in total
  ///   (`add`, `replace` and `copy` count the value they write; nothing is credited for what
  ///   they remove). An operation that would pass it fails with `.operationFailed`, so that 26
  ///   `copy` operations doubling the document cannot take gigabytes.
  public func apply(to document: JSONValue, maxGrowth: Int = JSONPatch.defaultMaxGrowth)
    throws(JSONPatchError) -> JSONValue
  {
    var result = document
    var budget = maxGrowth
    for (index, operation) in operations.enumerated() {
      if let written = Self.written(by: operation, in: result) {
        guard let size = written.compactSize(limit: budget) else {
          throw .operationFailed(
            index: index, op: operation.name, path: operation.path.description,
            reason:
              "the patch would add more than \(maxGrowth) bytes to the document (the limit on growth)"
          )
        }
        budget -= size
      }
      if case .test(let path, let expected) = operation {
        let found: JSONValue
        do throws(PointerFailure) {
          found = try path.resolve(in: result)
        } catch {
          throw .operationFailed(
            index: index, op: "test", path: path.description, reason: error.message)
        }
        guard found == expected else {
          throw .testFailed(
            index: index, path: path.description, expected: Self.summary(expected),
            found: Self.summary(found))
        }
        continue
      }
      do throws(PointerFailure) {
        try Self.apply(operation, to: &result, index: index)
      } catch {
        throw .operationFailed(
          index: index, op: operation.name, path: operation.path.description,
          reason: error.message)
      }
    }
    return result
  }

  /// The value `operation` adds to `document`, when it adds one (`copy` whose source does not
  /// resolve adds nothing here and fails when applied).
  private static func written(by operation: Operation, in document: JSONValue) -> JSONValue? {
    switch operation {
    case .add(_, let value), .replace(_, let value): return value
    case .copy(let from, _): return try? from.resolve(in: document)
    case .remove, .move, .test: return nil
    }
  }

  private static func apply(_ operation: Operation, to document: inout JSONValue, index: Int)
    throws(PointerFailure)
  {
    switch operation {
    case .add(let path, let value):
      try add(value, at: path, in: &document)
    case .remove(let path):
      _ = try remove(at: path, in: &document)
    case .replace(let path, let value):
      guard !path.tokens.isEmpty else {
        document = value
        return
      }
      try withParent(of: path, in: &document) { (parent, token, location) throws(PointerFailure) in
        switch parent {
        case .object(var object):
          guard object[token] != nil else {
            throw PointerFailure(
              "no member \(JSONValue.string(token).compactText) in the object at \(JSONPointer.where_(location))"
            )
          }
          parent = .null
          object[token] = value
          parent = .object(object)
        case .array(var items):
          let i = try JSONPointer.arrayIndex(
            token, count: items.count, allowEnd: false, at: location)
          parent = .null
          items[i] = value
          parent = .array(items)
        default:
          throw notContainer(parent, location)
        }
      }
    case .move(let from, let path):
      if from == path {
        _ = try from.resolve(in: document)
        return
      }
      if path.tokens.count > from.tokens.count,
        Array(path.tokens.prefix(from.tokens.count)) == from.tokens
      {
        throw PointerFailure("cannot move \(from) into one of its own children")
      }
      let value = try remove(at: from, in: &document)
      try add(value, at: path, in: &document)
    case .copy(let from, let path):
      let value = try from.resolve(in: document)
      try add(value, at: path, in: &document)
    case .test:
      break  // handled by apply(to:), which reports a failed test as .testFailed
    }
  }

  private static func add(_ value: JSONValue, at path: JSONPointer, in document: inout JSONValue)
    throws(PointerFailure)
  {
    guard !path.tokens.isEmpty else {
      document = value
      return
    }
    try withParent(of: path, in: &document) { (parent, token, location) throws(PointerFailure) in
      switch parent {
      case .object(var object):
        parent = .null
        object[token] = value
        parent = .object(object)
      case .array(var items):
        let i = try JSONPointer.arrayIndex(token, count: items.count, allowEnd: true, at: location)
        parent = .null
        items.insert(value, at: i)
        parent = .array(items)
      default:
        throw notContainer(parent, location)
      }
    }
  }

  private static func remove(at path: JSONPointer, in document: inout JSONValue)
    throws(PointerFailure) -> JSONValue
  {
    guard !path.tokens.isEmpty else {
      throw PointerFailure("cannot remove the whole document")
    }
    var removed = JSONValue.null
    try withParent(of: path, in: &document) { (parent, token, location) throws(PointerFailure) in
      switch parent {
      case .object(var object):
        guard let old = object[token] else {
          throw PointerFailure(
            "no member \(JSONValue.string(token).compactText) in the object at \(JSONPointer.where_(location))"
          )
        }
        removed = old
        parent = .null
        object[token] = nil
        parent = .object(object)
      case .array(var items):
        let i = try JSONPointer.arrayIndex(
          token, count: items.count, allowEnd: false, at: location)
        parent = .null
        removed = items.remove(at: i)
        parent = .array(items)
      default:
        throw notContainer(parent, location)
      }
    }
    return removed
  }

  /// Walks to the parent of `path` (which has at least one token) and hands it, the last
  /// token and the parent's location to `body`, which may mutate it in place.
  private static func withParent(
    of path: JSONPointer, in document: inout JSONValue,
    _ body: (inout JSONValue, String, String) throws(PointerFailure) -> Void
  ) throws(PointerFailure) {
    try descend(&document, path, depth: 0, body)
  }

  private static func descend(
    _ value: inout JSONValue, _ path: JSONPointer, depth: Int,
    _ body: (inout JSONValue, String, String) throws(PointerFailure) -> Void
  ) throws(PointerFailure) {
    let token = path.tokens[depth]
    let location = path.prefix(depth)
    if depth == path.tokens.count - 1 {
      try body(&value, token, location)
      return
    }
    switch value {
    case .object(var object):
      guard let i = object.members.lastIndex(where: { $0.key == token }) else {
        throw PointerFailure(
          "no member \(JSONValue.string(token).compactText) in the object at \(JSONPointer.where_(location))"
        )
      }
      value = .null
      defer { value = .object(object) }
      try descend(&object.members[i].value, path, depth: depth + 1, body)
    case .array(var items):
      let i = try JSONPointer.arrayIndex(token, count: items.count, allowEnd: false, at: location)
      value = .null
      defer { value = .array(items) }
      try descend(&items[i], path, depth: depth + 1, body)
    default:
      throw notContainer(value, location)
    }
  }

  private static func notContainer(_ value: JSONValue, _ location: String) -> PointerFailure {
    PointerFailure(
      "\(JSONPointer.where_(location)) is a \(value.kindName), not an object or array")
  }

  /// A value shortened for a message.
  static func summary(_ value: JSONValue) -> String {
    let text = value.compactText
    guard text.count > 60 else { return text }
    return String(text.prefix(57)) + "..."
  }
}
