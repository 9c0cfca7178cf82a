/// Header fields held as parts, each one field or a packed run of one header's values, with
/// the number of fields up to the end of each part (found by binary search).
struct HeaderParts: Sendable {
  enum Part: Sendable {
    case field(HTTPHeaders.Field)
    case packed(name: String, values: PackedHeaderValues)

    var count: Int {
      switch self {
      case .field: 1
      case .packed(_, let values): values.count
      }
    }

    var name: String {
      switch self {
      case .field(let field): field.name
      case .packed(let name, _): name
      }
    }
  }

  private(set) var parts: [Part] = []
  /// How many fields the parts up to and including each hold.
  private var ends: [Int] = []

  init(_ fields: [HTTPHeaders.Field]) {
    parts.reserveCapacity(fields.count + 1)
    ends.reserveCapacity(fields.count + 1)
    for field in fields { append(.field(field)) }
  }

  var count: Int { ends.last ?? 0 }

  mutating func append(_ part: Part) {
    guard part.count > 0 else { return }
    parts.append(part)
    ends.append(count + part.count)
  }

  /// The part holding field `position`, and where in it.
  func locate(_ position: Int) -> (part: Int, offset: Int) {
    precondition(position >= 0 && position < count, "header index out of range")
    var lo = 0
    var hi = ends.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if ends[mid] > position { hi = mid } else { lo = mid + 1 }
    }
    return (lo, position - (lo == 0 ? 0 : ends[lo - 1]))
  }

  /// Where part `index` starts among the fields.
  func start(of index: Int) -> Int { index == 0 ? 0 : ends[index - 1] }

  subscript(position: Int) -> HTTPHeaders.Field {
    let (part, offset) = locate(position)
    switch parts[part] {
    case .field(let field): return field
    case .packed(let name, let values): return HTTPHeaders.Field(name: name, value: values[offset])
    }
  }

  /// The values of the fields named `name` (case-insensitive), or only the first; names are
  /// compared once a part, so a packed run makes strings only of the values it returns.
  func values(named name: String, first: Bool) -> [String] {
    var out: [String] = []
    for part in parts where HTTPHeaders.sameName(part.name, name) {
      switch part {
      case .field(let field): out.append(field.value)
      case .packed(_, let values):
        for i in 0..<(first ? 1 : values.count) { out.append(values[i]) }
      }
      if first { return out }
    }
    return out
  }

  /// Every field, as an array.
  func fields() -> [HTTPHeaders.Field] {
    var out: [HTTPHeaders.Field] = []
    out.reserveCapacity(count)
    for part in parts {
      switch part {
      case .field(let field): out.append(field)
      case .packed(let name, let values):
        for i in 0..<values.count { out.append(HTTPHeaders.Field(name: name, value: values[i])) }
      }
    }
    return out
  }
}
