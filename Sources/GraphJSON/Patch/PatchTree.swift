/// The document while a JSON Patch is applied: containers on the paths the operations touch
/// are expanded into nodes that change in place, arrays into chunks of at most
/// `ChunkedNodes.chunkSize`, so 100,000 `add /a/0` or moves cost O(n/chunk) each instead of
/// moving every element (which made such patches quadratic: 31 s and over a minute).
/// Everything the operations do not reach stays a shared `JSONValue`.
final class PatchNode {
  private enum Storage {
    case value(JSONValue)
    case array(ChunkedNodes)
    case object([(key: String, node: PatchNode)])
  }

  private var storage: Storage

  init(_ value: JSONValue) { storage = .value(value) }

  /// The value, when the node was never expanded (an array keeps such an element as the
  /// value, not a node).
  var unexpanded: JSONValue? {
    if case .value(let value) = storage { return value }
    return nil
  }

  /// The node as a value again (O(size) of what was expanded, O(1) for the rest).
  var value: JSONValue {
    switch storage {
    case .value(let value): return value
    case .array(let items): return .array(items.values)
    case .object(let members):
      return .object(
        JSONObject(members.map { JSONObject.Member(key: $0.key, value: $0.node.value) }))
    }
  }

  var kindName: String {
    switch storage {
    case .value(let value): return value.kindName
    case .array: return "array"
    case .object: return "object"
    }
  }

  /// Turns a container value into nodes (once); `false` for a scalar.
  private func expand() -> Bool {
    guard case .value(let value) = storage else { return true }
    switch value {
    case .array(let items):
      storage = .array(ChunkedNodes(items))
      return true
    case .object(let object):
      storage = .object(object.members.map { (key: $0.key, node: PatchNode($0.value)) })
      return true
    default:
      return false
    }
  }

  private func notContainer(_ location: String) -> PointerFailure {
    PointerFailure(
      "\(JSONPointer.where_(location)) is a \(kindName), not an object or array")
  }

  private static func noMember(_ token: String, _ location: String) -> PointerFailure {
    PointerFailure(
      "no member \(JSONValue.string(token).compactText) in the object at \(JSONPointer.where_(location))"
    )
  }

  /// The child named by `token` (the last member of that name in an object).
  func child(_ token: String, at location: String) throws(PointerFailure) -> PatchNode {
    guard expand() else { throw notContainer(location) }
    switch storage {
    case .array(let items):
      let i = try JSONPointer.arrayIndex(token, count: items.count, allowEnd: false, at: location)
      return items[i]
    case .object(let members):
      guard let i = members.lastIndex(where: { JSONObject.sameKey($0.key, token) }) else {
        throw Self.noMember(token, location)
      }
      return members[i].node
    case .value:
      throw notContainer(location)
    }
  }

  /// `add`: inserts into an array (`-` appends) or sets an object member.
  func add(_ node: PatchNode, token: String, at location: String) throws(PointerFailure) {
    guard expand() else { throw notContainer(location) }
    switch storage {
    case .array(let items):
      let i = try JSONPointer.arrayIndex(token, count: items.count, allowEnd: true, at: location)
      items.insert(node, at: i)
    case .object(var members):
      storage = .value(.null)
      if let i = members.lastIndex(where: { JSONObject.sameKey($0.key, token) }) {
        members[i].node = node
      } else {
        members.append((key: token, node: node))
      }
      storage = .object(members)
    case .value:
      throw notContainer(location)
    }
  }

  /// `replace`: the child must exist.
  func replace(_ node: PatchNode, token: String, at location: String) throws(PointerFailure) {
    guard expand() else { throw notContainer(location) }
    switch storage {
    case .array(let items):
      let i = try JSONPointer.arrayIndex(token, count: items.count, allowEnd: false, at: location)
      items[i] = node
    case .object(var members):
      guard let i = members.lastIndex(where: { JSONObject.sameKey($0.key, token) }) else {
        throw Self.noMember(token, location)
      }
      storage = .value(.null)
      members[i].node = node
      storage = .object(members)
    case .value:
      throw notContainer(location)
    }
  }

  /// `remove`: takes the child out (every member of that name in an object, the last one
  /// returned) and returns it.
  func remove(token: String, at location: String) throws(PointerFailure) -> PatchNode {
    guard expand() else { throw notContainer(location) }
    switch storage {
    case .array(let items):
      let i = try JSONPointer.arrayIndex(token, count: items.count, allowEnd: false, at: location)
      return items.remove(at: i)
    case .object(var members):
      guard let i = members.lastIndex(where: { JSONObject.sameKey($0.key, token) }) else {
        throw Self.noMember(token, location)
      }
      let removed = members[i].node
      storage = .value(.null)
      members.removeAll { JSONObject.sameKey($0.key, token) }
      storage = .object(members)
      return removed
    case .value:
      throw notContainer(location)
    }
  }
}

/// An array of nodes in chunks: index, insert and remove cost O(count / chunkSize + chunkSize).
/// An element no operation went into is kept as its value (24 bytes), not a node (56 bytes
/// with its pointer): 500,000 `add /a/0` held 14 MB of nodes besides the chunks.
final class ChunkedNodes {
  static let chunkSize = 512

  /// An element: its value, or the node it was made when an operation reached it.
  private enum Slot {
    case value(JSONValue)
    case node(PatchNode)

    init(_ node: PatchNode) { self = node.unexpanded.map(Slot.value) ?? .node(node) }

    var value: JSONValue {
      switch self {
      case .value(let value): value
      case .node(let node): node.value
      }
    }
  }

  private var chunks: [[Slot]]
  private(set) var count: Int

  init(_ values: [JSONValue]) {
    count = values.count
    chunks = stride(from: 0, to: values.count, by: Self.chunkSize).map {
      values[$0..<min($0 + Self.chunkSize, values.count)].map(Slot.value)
    }
  }

  /// The elements' values, in order.
  var values: [JSONValue] {
    var out: [JSONValue] = []
    out.reserveCapacity(count)
    for chunk in chunks { for slot in chunk { out.append(slot.value) } }
    return out
  }

  /// The chunk holding `index` and the index inside it (`index == count` gives the end).
  private func locate(_ index: Int) -> (chunk: Int, offset: Int) {
    var rest = index
    if index > count / 2 {
      // From the back: appends and moves to the end stay cheap.
      var chunk = chunks.count - 1
      rest = count - index
      while chunk > 0, rest > chunks[chunk].count {
        rest -= chunks[chunk].count
        chunk -= 1
      }
      return (chunk, chunks[chunk].count - rest)
    }
    for (chunk, nodes) in chunks.enumerated() {
      if rest < nodes.count { return (chunk, rest) }
      rest -= nodes.count
    }
    return (max(chunks.count - 1, 0), chunks.last?.count ?? 0)
  }

  /// The element at `index` as a node, which it becomes (so that changes to it stay).
  subscript(index: Int) -> PatchNode {
    get {
      let (chunk, offset) = locate(index)
      switch chunks[chunk][offset] {
      case .node(let node): return node
      case .value(let value):
        let node = PatchNode(value)
        chunks[chunk][offset] = .node(node)
        return node
      }
    }
    set {
      let (chunk, offset) = locate(index)
      chunks[chunk][offset] = Slot(newValue)
    }
  }

  /// Inserts `node`, which is not used after (an unexpanded one is kept as its value).
  func insert(_ node: PatchNode, at index: Int) {
    guard !chunks.isEmpty else {
      chunks = [[Slot(node)]]
      count = 1
      return
    }
    let (chunk, offset) = locate(index)
    chunks[chunk].insert(Slot(node), at: offset)
    count += 1
    if chunks[chunk].count > 2 * Self.chunkSize {
      let upper = Array(chunks[chunk][Self.chunkSize...])
      chunks[chunk].removeSubrange(Self.chunkSize...)
      chunks.insert(upper, at: chunk + 1)
    }
  }

  func remove(at index: Int) -> PatchNode {
    let (chunk, offset) = locate(index)
    let slot = chunks[chunk].remove(at: offset)
    count -= 1
    if chunks[chunk].isEmpty { chunks.remove(at: chunk) }
    switch slot {
    case .node(let node): return node
    case .value(let value): return PatchNode(value)
    }
  }
}
