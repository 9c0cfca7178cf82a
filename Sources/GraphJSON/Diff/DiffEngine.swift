/// The recursive walk behind `JSONDiff.diff`: emits differences in reading order and, in a
/// separate list, the patch operations in an order that is valid to apply.
///
/// Patch order per array: first the changes inside elements that stay (at their old index),
/// then removals from the highest index down, then inserts and moves in increasing target
/// order. Every pointer is therefore valid at the moment its operation runs.
///
/// It reads `JSONValue` trees or documents' tapes (`DiffNode`), turning into `JSONValue`s only
/// what a difference or an operation carries.
struct DiffEngine<Node: DiffNode> {
  let options: JSONDiffOptions
  let hasher: Node.Comparer
  var operations: [JSONPatch.Operation] = []

  init(options: JSONDiffOptions) {
    self.options = options
    self.hasher = Node.Comparer(exact: options.exactNumbers)
  }

  /// Diffs `a` against `b`, located at `pointer` (patch coordinates, old indices) and `path`
  /// (reading coordinates, new indices).
  mutating func diff(
    _ a: Node, _ b: Node, pointer: inout [String], path: JSONPath,
    into out: inout [JSONDifference]
  ) {
    switch (a.diffShape, b.diffShape) {
    case (.object(let keysX, let valuesX), .object(let keysY, let valuesY)):
      diffObjects(
        (keysX, valuesX), (keysY, valuesY), pointer: &pointer, path: path, into: &out)
    case (.array(let x), .array(let y)):
      if options.ignoreOrder {
        diffUnordered(x, y, pointer: &pointer, path: path, into: &out)
      } else {
        diffArrays(x, y, pointer: &pointer, path: path, into: &out)
      }
    default:
      if !hasher.equal(a, b) {
        out.append(
          JSONDifference(path: path, change: .changed(from: a.diffValue, to: b.diffValue)))
        operations.append(.replace(path: JSONPointer(tokens: pointer), value: b.diffValue))
      }
    }
  }

  private mutating func diffObjects(
    _ x: (keys: [String], values: [Node]), _ y: (keys: [String], values: [Node]),
    pointer: inout [String], path: JSONPath, into out: inout [JSONDifference]
  ) {
    let left = MemberIndex(x.keys)
    let right = MemberIndex(y.keys)
    for (i, key) in x.keys.enumerated() where left.lastIndex(of: key) == i {
      pointer.append(key)
      defer { pointer.removeLast() }
      let memberPath = path.appending(.key(key))
      if let j = right.lastIndex(of: key) {
        diff(x.values[i], y.values[j], pointer: &pointer, path: memberPath, into: &out)
      } else {
        out.append(JSONDifference(path: memberPath, change: .removed(x.values[i].diffValue)))
        operations.append(.remove(path: JSONPointer(tokens: pointer)))
      }
    }
    for (j, key) in y.keys.enumerated()
    where right.lastIndex(of: key) == j && left.lastIndex(of: key) == nil {
      pointer.append(key)
      defer { pointer.removeLast() }
      let value = y.values[j].diffValue
      out.append(JSONDifference(path: path.appending(.key(key)), change: .added(value)))
      operations.append(.add(path: JSONPointer(tokens: pointer), value: value))
    }
  }

  /// Array diff when order does not matter: elements are matched by key or by value, as a
  /// multiset; unmatched old elements are removed and unmatched new ones appended.
  private mutating func diffUnordered(
    _ x: [Node], _ y: [Node], pointer: inout [String], path: JSONPath,
    into out: inout [JSONDifference]
  ) {
    var table = TokenTable<Node>(hasher: hasher, keys: options.keys)
    let tx = x.map { table.token(for: $0).id }
    let ty = y.map { table.token(for: $0).id }
    var waiting: [Int32: [Int]] = [:]
    for (i, t) in tx.enumerated().reversed() { waiting[t, default: []].append(i) }
    var matchOfB = [Int](repeating: -1, count: y.count)
    var matchedA = [Bool](repeating: false, count: x.count)
    for (j, t) in ty.enumerated() {
      if let i = waiting[t]?.popLast() {
        matchOfB[j] = i
        matchedA[i] = true
      }
    }
    var inner: [Int: [JSONDifference]] = [:]
    for (j, i) in matchOfB.enumerated() where i >= 0 && !hasher.equal(x[i], y[j]) {
      var local: [JSONDifference] = []
      pointer.append(String(i))
      diff(x[i], y[j], pointer: &pointer, path: path.appending(.index(j)), into: &local)
      pointer.removeLast()
      inner[j] = local
    }
    var remaining = x.count
    for i in x.indices.reversed() where !matchedA[i] {
      out.append(
        JSONDifference(path: path.appending(.index(i)), change: .removed(x[i].diffValue)))
      operations.append(.remove(path: JSONPointer(tokens: pointer + [String(i)])))
      remaining -= 1
    }
    out.reverse(range: out.count - (x.count - remaining)..<out.count)
    for (j, i) in matchOfB.enumerated() {
      if i >= 0 {
        out.append(contentsOf: inner[j] ?? [])
      } else {
        let value = y[j].diffValue
        out.append(JSONDifference(path: path.appending(.index(j)), change: .added(value)))
        operations.append(
          .add(path: JSONPointer(tokens: pointer + [String(remaining)]), value: value))
        remaining += 1
      }
    }
  }
}

/// Finds the last member of a given name: linearly in small objects, by dictionary in large.
struct MemberIndex {
  private let keys: [String]
  private let table: [String: Int]?

  /// An index of an object's member names, in source order.
  init(_ keys: [String]) {
    self.keys = keys
    if keys.count > 12 {
      var table: [String: Int] = [:]
      table.reserveCapacity(keys.count)
      for (i, key) in keys.enumerated() { table[key] = i }
      self.table = table
    } else {
      table = nil
    }
  }

  func lastIndex(of key: String) -> Int? {
    if let table { return table[key] }
    var i = keys.count - 1
    while i >= 0 {
      if keys[i] == key { return i }
      i -= 1
    }
    return nil
  }
}

extension Array {
  fileprivate mutating func reverse(range: Range<Int>) {
    self[range].reverse()
  }
}
