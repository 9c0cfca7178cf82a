extension JSONValue {
  /// The length of this value's compact JSON text, counting each string's UTF-8 bytes and its
  /// quotes but not escapes, or `nil` once it passes `limit`: the walk stops there, so a value
  /// of any size costs at most about `limit` steps.
  package func compactSize(limit: Int) -> Int? {
    var total = 0
    var pending: [JSONValue] = [self]
    while let value = pending.popLast() {
      switch value {
      case .null: total += 4
      case .bool(let b): total += b ? 4 : 5
      case .number(let n): total += n.text.utf8.count
      case .string(let s): total += s.utf8.count + 2
      case .array(let items):
        // Every element adds at least one byte: stop before queueing more than the limit.
        total += 2 + max(0, items.count - 1)
        if total + items.count > limit { return nil }
        pending.append(contentsOf: items)
      case .object(let object):
        total += 2 + max(0, object.members.count - 1)
        if total + 4 * object.members.count > limit { return nil }
        for member in object.members {
          total += member.key.utf8.count + 3
          pending.append(member.value)
        }
      }
      if total > limit { return nil }
    }
    return total
  }
}
