/// The recursive walk behind `JSONDiff.diff`: emits differences in reading order and, in a
/// separate list, the patch operations in an order that is valid to apply.
///
/// Patch order per array: first the changes inside elements that stay (at their old index),
/// then removals from the highest index down, then inserts and moves in increasing target
/// order. Every pointer is therefore valid at the moment its operation runs.
struct DiffEngine {
  let options: JSONDiffOptions
  let hasher: ValueHasher
  var operations: [JSONPatch.Operation] = []

  init(options: JSONDiffOptions) {
    self.options = options
    self.hasher = ValueHasher(exact: options.exactNumbers)
  }

  /// Diffs `a` against `b`, located at `pointer` (patch coordinates, old indices) and `path`
  /// (reading coordinates, new indices).
  mutating func diff(
    _ a: JSONValue, _ b: JSONValue, pointer: inout [String], path: JSONPath,
    into out: inout [JSONDifference]
  ) {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      diffObjects(x, y, pointer: &pointer, path: path, into: &out)
    case (.array(let x), .array(let y)):
      if options.ignoreOrder {
        diffUnordered(x, y, pointer: &pointer, path: path, into: &out)
      } else {
        diffArrays(x, y, pointer: &pointer, path: path, into: &out)
      }
    default:
      if !hasher.equal(a, b) {
        out.append(JSONDifference(path: path, change: .changed(from: a, to: b)))
        operations.append(.replace(path: JSONPointer(tokens: pointer), value: b))
      }
    }
  }

  private mutating func diffObjects(
    _ x: JSONObject, _ y: JSONObject, pointer: inout [String], path: JSONPath,
    into out: inout [JSONDifference]
  ) {
    let left = MemberIndex(x)
    let right = MemberIndex(y)
    for (i, member) in x.members.enumerated() where left.lastIndex(of: member.key) == i {
      pointer.append(member.key)
      defer { pointer.removeLast() }
      let memberPath = path.appending(.key(member.key))
      if let j = right.lastIndex(of: member.key) {
        diff(member.value, y.members[j].value, pointer: &pointer, path: memberPath, into: &out)
      } else {
        out.append(JSONDifference(path: memberPath, change: .removed(member.value)))
        operations.append(.remove(path: JSONPointer(tokens: pointer)))
      }
    }
    for (j, member) in y.members.enumerated()
    where right.lastIndex(of: member.key) == j && left.lastIndex(of: member.key) == nil {
      pointer.append(member.key)
      defer { pointer.removeLast() }
      out.append(
        JSONDifference(path: path.appending(.key(member.key)), change: .added(member.value)))
      operations.append(.add(path: JSONPointer(tokens: pointer), value: member.value))
    }
  }

  /// Array diff when order does not matter: elements are matched by key or by value, as a
  /// multiset; unmatched old elements are removed and unmatched new ones appended.
  private mutating func diffUnordered(
    _ x: [JSONValue], _ y: [JSONValue], pointer: inout [String], path: JSONPath,
    into out: inout [JSONDifference]
  ) {
    var table = TokenTable(hasher: hasher, keys: options.keys)
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
      out.append(JSONDifference(path: path.appending(.index(i)), change: .removed(x[i])))
      operations.append(.remove(path: JSONPointer(tokens: pointer + [String(i)])))
      remaining -= 1
    }
    out.reverse(range: out.count - (x.count - remaining)..<out.count)
    for (j, i) in matchOfB.enumerated() {
      if i >= 0 {
        out.append(contentsOf: inner[j] ?? [])
      } else {
        out.append(JSONDifference(path: path.appending(.index(j)), change: .added(y[j])))
        operations.append(
          .add(path: JSONPointer(tokens: pointer + [String(remaining)]), value: y[j]))
        remaining += 1
      }
    }
  }
}

/// Finds the last member of a given name: linearly in small objects, by dictionary in large.
struct MemberIndex {
  private let members: [JSONObject.Member]
  private let table: [String: Int]?

  init(_ object: JSONObject) {
    members = object.members
    if object.members.count > 12 {
      var table: [String: Int] = [:]
      table.reserveCapacity(object.members.count)
      for (i, member) in object.members.enumerated() { table[member.key] = i }
      self.table = table
    } else {
      table = nil
    }
  }

  func lastIndex(of key: String) -> Int? {
    if let table { return table[key] }
    var i = members.count - 1
    while i >= 0 {
      if members[i].key == key { return i }
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
