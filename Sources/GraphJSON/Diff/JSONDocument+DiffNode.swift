extension JSONDocument.Value: DiffNode {
  typealias Comparer = DocumentComparer

  /// An object's names (made into strings) and values, an array's elements: only for the
  /// containers the diff descends into, the ones that differ.
  var diffShape: DiffShape<JSONDocument.Value> {
    switch JSONTape.tag(word) {
    case JSONTape.object:
      var keys: [String] = []
      var values: [JSONDocument.Value] = []
      keys.reserveCapacity(count)
      values.reserveCapacity(count)
      for (key, value) in members {
        keys.append(key)
        values.append(value)
      }
      return .object(keys: keys, values: values)
    case JSONTape.array:
      var items: [JSONDocument.Value] = []
      items.reserveCapacity(count)
      for item in elements { items.append(item) }
      return .array(items)
    default:
      return .scalar
    }
  }

  func diffMember(_ key: String) -> JSONDocument.Value? { self[key] }

  var isStringOrNumber: Bool {
    let kind = self.kind
    return kind == .string || kind == .number
  }

  var diffValue: JSONValue { jsonValue }
}
