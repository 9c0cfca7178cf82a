/// A JSON object that keeps its members in source order.
///
/// Lookup by key is linear, which suits the small objects of Graph answers. When a key occurs
/// more than once (RFC 8259 allows it), lookups see the last occurrence, as jq does, while
/// printing shows every member as it came. Equality ignores member order.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
  /// One member of an object.
  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: JSONValue
    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in source order.
  public var members: [Member]

  public init(_ members: [Member] = []) { self.members = members }

  public var startIndex: Int { members.startIndex }
  public var endIndex: Int { members.endIndex }
  public subscript(position: Int) -> Member { members[position] }

  /// The keys in source order.
  public var keys: [String] { members.map(\.key) }

  /// The value of the last member named `key`; setting replaces it in place, or appends, and
  /// setting `nil` removes every member of that name.
  public subscript(key: String) -> JSONValue? {
    get {
      for member in members.reversed() where member.key == key { return member.value }
      return nil
    }
    set {
      guard let newValue else {
        members.removeAll { $0.key == key }
        return
      }
      if let index = members.lastIndex(where: { $0.key == key }) {
        members[index].value = newValue
      } else {
        members.append(Member(key: key, value: newValue))
      }
    }
  }

  /// Appends a member without looking for an existing one of the same name.
  public mutating func append(_ key: String, _ value: JSONValue) {
    members.append(Member(key: key, value: value))
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    JSONValue.object(lhs) == JSONValue.object(rhs)
  }

  public func hash(into hasher: inout Hasher) { hash(into: &hasher, depth: 0) }

  /// The members as lookups see them: the last occurrence of each key wins.
  var effective: [String: JSONValue] {
    var result: [String: JSONValue] = [:]
    result.reserveCapacity(members.count)
    for member in members { result[member.key] = member.value }
    return result
  }
}
