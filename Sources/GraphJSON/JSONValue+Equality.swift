extension JSONValue {
  /// Equal when of the same kind and value: numbers by decimal value, arrays element by
  /// element, objects as sets of effective members (the last of duplicate keys wins).
  ///
  /// Iterative, so comparing deep values cannot exhaust the stack.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
    while let (a, b) = pending.popLast() {
      switch (a, b) {
      case (.null, .null): continue
      case (.bool(let x), .bool(let y)): if x != y { return false }
      case (.number(let x), .number(let y)): if x != y { return false }
      case (.string(let x), .string(let y)): if !JSONObject.sameKey(x, y) { return false }
      case (.array(let x), .array(let y)):
        guard x.count == y.count else { return false }
        for index in x.indices.reversed() { pending.append((x[index], y[index])) }
      case (.object(let x), .object(let y)):
        guard JSONObject.pairMembers(x, y, into: &pending) else { return false }
      default: return false
      }
    }
    return true
  }

  /// Hashes the kind and, to a bounded depth, the contents, consistently with `==`.
  public func hash(into hasher: inout Hasher) { hash(into: &hasher, depth: 0) }

  /// Below this depth only kinds and sizes are hashed, so hashing deep values cannot
  /// exhaust the stack (equal values still hash equally).
  static let hashDepth = 8

  func hash(into hasher: inout Hasher, depth: Int) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let b):
      hasher.combine(1)
      hasher.combine(b)
    case .number(let n):
      hasher.combine(2)
      hasher.combine(n)
    case .string(let s):
      hasher.combine(3)
      hasher.combine(s)
    case .array(let items):
      hasher.combine(4)
      hasher.combine(items.count)
      guard depth < Self.hashDepth else { return }
      for item in items { item.hash(into: &hasher, depth: depth + 1) }
    case .object(let object):
      hasher.combine(5)
      object.hash(into: &hasher, depth: depth)
    }
  }
}

extension JSONObject {
  /// Queues the value pairs to compare for two objects to be equal; `false` when their keys
  /// already differ.
  static func pairMembers(
    _ x: JSONObject, _ y: JSONObject, into pending: inout [(JSONValue, JSONValue)]
  ) -> Bool {
    let l = x.members
    let r = y.members
    if l.count == r.count, !x.hasDuplicateKeys,
      l.indices.allSatisfy({ JSONObject.sameKey(l[$0].key, r[$0].key) })
    {
      for index in l.indices.reversed() { pending.append((l[index].value, r[index].value)) }
      return true
    }
    let left = x.effective
    let right = y.effective
    guard left.count == right.count else { return false }
    for (key, value) in left {
      guard let other = right[key] else { return false }
      pending.append((value, other))
    }
    return true
  }

  /// Whether some key occurs more than once.
  var hasDuplicateKeys: Bool {
    let n = members.count
    if n <= 8 {
      for i in 0..<n {
        for j in (i + 1)..<n where JSONObject.sameKey(members[i].key, members[j].key) {
          return true
        }
      }
      return false
    }
    var seen = Set<ExactKey>(minimumCapacity: n)
    for member in members where !seen.insert(ExactKey(member.key)).inserted { return true }
    return false
  }

  func hash(into hasher: inout Hasher, depth: Int) {
    // Order-independent: combine per-member hashes commutatively.
    let members =
      hasDuplicateKeys ? effective.map { Member(key: $0.key.text, value: $0.value) } : members
    hasher.combine(members.count)
    guard depth < JSONValue.hashDepth else { return }
    var total = 0
    for member in members {
      var h = Hasher()
      h.combine(member.key)
      member.value.hash(into: &h, depth: depth + 1)
      total = total &+ h.finalize()
    }
    hasher.combine(total)
  }
}
