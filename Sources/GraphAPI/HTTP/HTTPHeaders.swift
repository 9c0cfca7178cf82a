/// HTTP header fields in the order they were sent or received; names compare case-insensitively.
///
/// Fields are an array, except where a long list of one header's values was added packed
/// (`add(_:packed:)`, what importing a file with a header of half a million values does): then
/// they are parts, each a field or a packed run, and reading `fields` makes the array.
public struct HTTPHeaders: Sendable, Hashable, RandomAccessCollection,
  ExpressibleByDictionaryLiteral
{
  /// One header field.
  public struct Field: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(name: String, value: String) { (self.name, self.value) = (name, value) }
  }

  var storage: Storage

  enum Storage: Sendable {
    case list([Field])
    case parts(HeaderParts)
  }

  /// The fields in order (made from the parts when some values are packed).
  public var fields: [Field] {
    get {
      switch storage {
      case .list(let fields): fields
      case .parts(let parts): parts.fields()
      }
    }
    set { storage = .list(newValue) }
    _modify {
      var fields: [Field]
      switch storage {
      case .list(let list):
        fields = list
        // Released here, so that `fields` is the array's only reference and changes in place.
        storage = .list([])
      case .parts(let parts): fields = parts.fields()
      }
      defer { storage = .list(fields) }
      yield &fields
    }
  }

  public init(_ fields: [Field] = []) { storage = .list(fields) }

  public init(dictionaryLiteral elements: (String, String)...) {
    storage = .list(elements.map { Field(name: $0.0, value: $0.1) })
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int {
    switch storage {
    case .list(let fields): fields.count
    case .parts(let parts): parts.count
    }
  }
  public subscript(position: Int) -> Field {
    switch storage {
    case .list(let fields): fields[position]
    case .parts(let parts): parts[position]
    }
  }

  /// The first value of the header `name` (case-insensitive); setting replaces every field of
  /// that name by one (kept at the first one's position), setting `nil` removes them.
  public subscript(name: String) -> String? {
    get {
      switch storage {
      case .list(let fields): fields.first { Self.sameName($0.name, name) }?.value
      case .parts(let parts): parts.values(named: name, first: true).first
      }
    }
    set {
      let lower = name.lowercased()
      let position = fields.firstIndex { $0.name.lowercased() == lower }
      fields.removeAll { $0.name.lowercased() == lower }
      guard let newValue else { return }
      fields.insert(
        Field(name: name, value: newValue), at: Swift.min(position ?? fields.count, fields.count))
    }
  }

  /// Every value of the header `name`, in order.
  public func values(for name: String) -> [String] {
    switch storage {
    case .list(let fields): fields.filter { Self.sameName($0.name, name) }.map(\.value)
    case .parts(let parts): parts.values(named: name, first: false)
    }
  }

  /// Appends a field, keeping any existing ones of the same name.
  public mutating func add(_ name: String, _ value: String) {
    switch storage {
    case .list: fields.append(Field(name: name, value: value))
    case .parts(var parts):
      storage = .list([])
      parts.append(.field(Field(name: name, value: value)))
      storage = .parts(parts)
    }
  }

  /// Whether two header names are the same, ignoring case: byte by byte for ASCII names (no
  /// allocation), through `lowercased()` otherwise.
  package static func sameName(_ a: String, _ b: String) -> Bool {
    let x = a.utf8
    let y = b.utf8
    guard x.allSatisfy({ $0 < 128 }), y.allSatisfy({ $0 < 128 }) else {
      return a.lowercased() == b.lowercased()
    }
    guard x.count == y.count else { return false }
    return zip(x, y).allSatisfy { p, q in
      p == q || (p | 0x20) == (q | 0x20) && (p | 0x20) &- 97 < 26
    }
  }

  /// Equal when the fields are, one by one, however they are held.
  public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    if case .list(let a) = lhs.storage, case .list(let b) = rhs.storage { return a == b }
    return lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for field in self { hasher.combine(field) }
  }
}
