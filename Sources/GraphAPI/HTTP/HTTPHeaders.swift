/// HTTP header fields in the order they were sent or received; names compare case-insensitively.
public struct HTTPHeaders: Sendable, Hashable, RandomAccessCollection,
  ExpressibleByDictionaryLiteral
{
  /// One header field.
  public struct Field: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The fields in order.
  public var fields: [Field]

  public init(_ fields: [Field] = []) { self.fields = fields }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.fields = elements.map { Field(name: $0.0, value: $0.1) }
  }

  public var startIndex: Int { fields.startIndex }
  public var endIndex: Int { fields.endIndex }
  public subscript(position: Int) -> Field { fields[position] }

  /// The first value of the header `name` (case-insensitive); setting replaces every field of
  /// that name by one (kept at the first one's position), setting `nil` removes them.
  public subscript(name: String) -> String? {
    get { fields.first { Self.sameName($0.name, name) }?.value }
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
    fields.filter { Self.sameName($0.name, name) }.map(\.value)
  }

  /// Appends a field, keeping any existing ones of the same name.
  public mutating func add(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
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
}
