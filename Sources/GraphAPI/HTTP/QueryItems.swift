/// An ordered list of name/value parameters, as in a query string or a form body.
/// Names may repeat; lookups see the first occurrence.
public struct QueryItems: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral
{
  /// One parameter.
  public struct Item: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(name: String, value: String) { (self.name, self.value) = (name, value) }
  }

  public var items: [Item]

  public init(_ items: [Item] = []) { self.items = items }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.items = elements.map { Item(name: $0.0, value: $0.1) }
  }

  /// Parses `a=1&b=x%20y` (a leading `?` is ignored; `+` decodes to a space).
  public init(parsing text: some StringProtocol) {
    var s = Substring(text)
    if s.first == "?" { s = s.dropFirst() }
    var parsed: [Item] = []
    let ascii = PercentEncoding.decodedComponents(ofASCII: s, separator: 0x26, plusAsSpace: true) {
      pair in
      guard let eq = pair.firstIndex(of: 0x3D) else {
        parsed.append(Item(name: PercentEncoding.decode(ascii: pair, plusAsSpace: true), value: ""))
        return
      }
      parsed.append(
        Item(
          name: PercentEncoding.decode(ascii: pair[..<eq], plusAsSpace: true),
          value: PercentEncoding.decode(ascii: pair[(eq + 1)...], plusAsSpace: true)))
    }
    if ascii {
      self.items = parsed
      return
    }
    self.items = s.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      if let eq = pair.firstIndex(of: "=") {
        return Item(
          name: PercentEncoding.decode(pair[..<eq]),
          value: PercentEncoding.decode(pair[pair.index(after: eq)...]))
      }
      return Item(name: PercentEncoding.decode(pair), value: "")
    }
  }

  public var startIndex: Int { items.startIndex }
  public var endIndex: Int { items.endIndex }
  public subscript(position: Int) -> Item { items[position] }

  /// The first value named `name`; setting replaces the first (removing later duplicates) or
  /// appends, setting `nil` removes all.
  public subscript(name: String) -> String? {
    get { items.first { $0.name == name }?.value }
    set {
      let position = items.firstIndex { $0.name == name }
      items.removeAll { $0.name == name }
      guard let newValue else { return }
      items.insert(
        Item(name: name, value: newValue), at: Swift.min(position ?? items.count, items.count))
    }
  }

  /// Appends a parameter, keeping existing ones of the same name.
  public mutating func append(_ name: String, _ value: String) {
    items.append(Item(name: name, value: value))
  }

  /// Query-string text (no leading `?`) with Graph-friendly encoding: `fields` braces,
  /// parentheses and commas stay readable.
  public var queryString: String { encoded(allowed: PercentEncoding.queryValueAllowed) }

  /// `application/x-www-form-urlencoded` body text.
  public var formEncoded: String { encoded(allowed: PercentEncoding.formValueAllowed) }

  /// `name=value&...`, each name and value percent-encoded but for the bytes in `allowed`.
  private func encoded(allowed: ByteSet) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(items.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 })
    append(to: &bytes, allowed: allowed)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `name=value&...` to `bytes`, each name and value percent-encoded but for the
  /// bytes in `allowed`; `separated` puts a `&` before the first item.
  package func append(to bytes: inout [UInt8], allowed: ByteSet, separated: Bool = false) {
    for (n, item) in items.enumerated() {
      if n > 0 || separated { bytes.append(UInt8(ascii: "&")) }
      PercentEncoding.append(item.name, allowed: allowed, to: &bytes)
      bytes.append(UInt8(ascii: "="))
      PercentEncoding.append(item.value, allowed: allowed, to: &bytes)
    }
  }

}
