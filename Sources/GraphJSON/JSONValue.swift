/// A JSON value as it appeared in its source: object keys keep their order and numbers keep
/// their exact text, while equality compares numbers by value and objects as key sets.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

extension JSONValue {
  /// The member named `key` when this is an object, else `nil`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  /// The element at `index` when this is an array and the index is in range, else `nil`.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let items) = self, items.indices.contains(index) else { return nil }
    return items[index]
  }

  /// The string payload, if this is a string.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The array payload, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The object payload, if this is an object.
  public var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// The number payload, if this is a number.
  public var numberValue: JSONNumber? {
    if case .number(let n) = self { return n }
    return nil
  }

  /// The Boolean payload, if this is a Boolean.
  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// Whether this is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// A short name of the value's kind, for messages: `object`, `array`, `string`, ...
  public var kindName: String {
    let kind: JSONDocument.Kind
    switch self {
    case .null: kind = .null
    case .bool: kind = .bool
    case .number: kind = .number
    case .string: kind = .string
    case .array: kind = .array
    case .object: kind = .object
    }
    return kind.name
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral,
  ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
  ExpressibleByFloatLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
  public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(nilLiteral: ()) { self = .null }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }
}
