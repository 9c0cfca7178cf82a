/// Long lists of one header's values held packed (`PackedHeaderValues`), and the operations
/// that read and change every value without making a field of each.
extension HTTPHeaders {
  /// Appends the fields `name: value` for each of `values`, kept packed.
  public mutating func add(_ name: String, packed values: PackedHeaderValues) {
    var parts: HeaderParts
    switch storage {
    case .list(let fields): parts = HeaderParts(fields)
    case .parts(let held): parts = held
    }
    // Released first, so that the parts change in place.
    storage = .list([])
    parts.append(.packed(name: name, values: values))
    storage = .parts(parts)
  }

  /// Whether some values are held packed.
  public var holdsPackedValues: Bool {
    if case .parts = storage { return true }
    return false
  }

  /// Makes room for `count` fields in all (when they are an array).
  public mutating func reserveCapacity(_ count: Int) {
    guard case .list(var fields) = storage else { return }
    storage = .list([])
    // Growing geometrically still, over many calls.
    if count > fields.capacity { fields.reserveCapacity(Swift.max(count, 2 * fields.capacity)) }
    storage = .list(fields)
  }

  /// Calls `body` with each run of fields of one name, in order: a packed run whole, any other
  /// field on its own. Lets a writer group values by name without making a field of each.
  public func forEachRun(_ body: (_ name: String, _ positions: Range<Int>) -> Void) {
    switch storage {
    case .list(let fields):
      for (i, field) in fields.enumerated() { body(field.name, i..<(i + 1)) }
    case .parts(let parts):
      for (index, part) in parts.parts.enumerated() {
        let start = parts.start(of: index)
        body(part.name, start..<(start + part.count))
      }
    }
  }

  /// Runs `body` on the UTF-8 bytes of the value of field `position`.
  public func withValue<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    switch storage {
    case .list(let fields):
      var value = fields[position].value
      return value.withUTF8(body)
    case .parts(let parts):
      let (index, offset) = parts.locate(position)
      switch parts.parts[index] {
      case .field(var field): return field.value.withUTF8(body)
      case .packed(_, let values): return values.withValue(at: offset, body)
      }
    }
  }

  /// These fields with each value `transform` gives a replacement for replaced: the same
  /// storage (not a copy of it) when it replaces none; packed values stay packed.
  public func replacingValues(_ transform: (String) -> String?) -> HTTPHeaders {
    var out = self
    switch storage {
    case .list(let fields):
      for (i, field) in fields.enumerated() {
        if let value = transform(field.value) { out.fields[i].value = value }
      }
    case .parts(let parts):
      // Rebuilt part by part; a packed run keeps its buffer, with the replaced values beside.
      var changed = false
      var rebuilt = HeaderParts([])
      for part in parts.parts {
        switch part {
        case .field(var field):
          if let value = transform(field.value) {
            field.value = value
            changed = true
          }
          rebuilt.append(.field(field))
        case .packed(let name, var values):
          for i in 0..<values.count {
            guard let value = transform(values[i]) else { continue }
            values[i] = value
            changed = true
          }
          rebuilt.append(.packed(name: name, values: values))
        }
      }
      if changed { out.storage = .parts(rebuilt) }
    }
    return out
  }
}
