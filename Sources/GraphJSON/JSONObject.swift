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
    public init(key: String, value: JSONValue) { (self.key, self.value) = (key, value) }
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
      // By index, from the end: no member (key and value) is copied out on the way.
      var i = members.endIndex
      while i > members.startIndex {
        i -= 1
        if Self.sameKey(members[i].key, key) { return members[i].value }
      }
      return nil
    }
    set {
      guard let newValue else {
        members.removeAll { Self.sameKey($0.key, key) }
        return
      }
      if let index = members.lastIndex(where: { Self.sameKey($0.key, key) }) {
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
  var effective: [ExactKey: JSONValue] {
    var result: [ExactKey: JSONValue] = [:]
    result.reserveCapacity(members.count)
    for member in members { result[ExactKey(member.key)] = member.value }
    return result
  }

  /// Whether two keys are the same JSON member name: the same code points. (Swift's `==` on
  /// strings would also match canonically equivalent ones, such as a precomposed `é` and `e`
  /// with a combining accent, which JSON treats as different names.)
  @inline(__always)
  static func sameKey(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    // Compared as contiguous bytes: the UTF-8 views' element-by-element walk had been 2% of
    // an emulator answer (node fields are looked up by key).
    var a = a
    var b = b
    return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
  }

  /// A key compared by code points, for dictionaries and sets of keys.
  struct ExactKey: Hashable {
    var text: String
    init(_ text: String) { self.text = text }
    static func == (a: ExactKey, b: ExactKey) -> Bool { JSONObject.sameKey(a.text, b.text) }
    // Canonically equivalent strings hash alike, so equal code points hash alike.
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
  }
}
