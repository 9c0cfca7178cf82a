import GraphAPI
import Testing

/// Header values held packed (`HTTPHeaders.add(_:packed:)`): the same fields, equal and hashed
/// alike, however they are held; reading, changing and replacing them works on either form.
@Suite struct PackedHeaderValuesTests {
  static func packed(_ values: [String]) -> PackedHeaderValues? {
    var bytes: [UInt8] = []
    var ends: [UInt32] = []
    for value in values {
      bytes += Array(value.utf8)
      ends.append(UInt32(bytes.count))
    }
    return PackedHeaderValues(bytes: bytes, ends: ends)
  }

  static let values = ["one", "", "Zoë ✓", "a value long enough not to be a small string"]

  /// `Accept: */*`, the values packed under `X-List`, then `Accept: text/plain`.
  static func mixed() throws -> HTTPHeaders {
    var headers: HTTPHeaders = ["Accept": "*/*"]
    headers.add("X-List", packed: try #require(packed(values)))
    headers.add("Accept", "text/plain")
    return headers
  }

  static let listed = HTTPHeaders(
    [.init(name: "Accept", value: "*/*")] + values.map { .init(name: "X-List", value: $0) }
      + [.init(name: "Accept", value: "text/plain")])

  @Test func packedFieldsAreTheFieldsTheyStandFor() throws {
    let headers = try Self.mixed()
    #expect(headers.holdsPackedValues)
    #expect(!Self.listed.holdsPackedValues)
    #expect(headers.count == 6)
    #expect(Array(headers) == Self.listed.fields)
    #expect(headers.fields == Self.listed.fields)
    #expect(headers == Self.listed && Self.listed == headers)
    #expect(headers.hashValue == Self.listed.hashValue)
    #expect(headers["x-list"] == "one")
    #expect(headers.values(for: "X-LIST") == Self.values)
    #expect(headers.values(for: "accept") == ["*/*", "text/plain"])
    for (i, field) in Self.listed.enumerated() {
      #expect(headers.withValue(at: i) { String(decoding: $0, as: UTF8.self) } == field.value)
    }
    var other = try Self.mixed()
    other.add("X-More", "1")
    #expect(other != headers)
    #expect(other.last == .init(name: "X-More", value: "1"))
  }

  @Test func runsGroupAPackedListWhole() throws {
    var runs: [String] = []
    try Self.mixed().forEachRun { name, positions in runs.append("\(name) \(positions)") }
    #expect(runs == ["Accept 0..<1", "X-List 1..<5", "Accept 5..<6"])
    runs = []
    Self.listed.forEachRun { name, positions in runs.append("\(name) \(positions.count)") }
    #expect(runs.count == 6)
  }

  @Test func changingTheFieldsOfPackedHeadersChangesThem() throws {
    var headers = try Self.mixed()
    headers["X-List"] = "only"
    #expect(headers.values(for: "x-list") == ["only"])
    #expect(headers.count == 3)
    #expect(headers.map(\.name) == ["Accept", "X-List", "Accept"])
    var again = try Self.mixed()
    again.fields.removeAll { $0.name == "Accept" }
    #expect(again.map(\.value) == Self.values)
  }

  @Test func replacingValuesKeepsPackedValuesPacked() throws {
    let transform: (String) -> String? = { $0.contains("o") ? $0.uppercased() : nil }
    let replaced = try Self.mixed().replacingValues(transform)
    #expect(replaced.holdsPackedValues)
    #expect(replaced == Self.listed.replacingValues(transform))
    #expect(
      replaced.map(\.value) == [
        "*/*", "ONE", "", "ZOË ✓", "A VALUE LONG ENOUGH NOT TO BE A SMALL STRING", "text/plain",
      ])
    let untouched = try Self.mixed().replacingValues { _ in nil }
    #expect(untouched == Self.listed)
  }

  @Test func valuesThatAreNotWellFormedAreRefused() {
    #expect(PackedHeaderValues(bytes: [], ends: []) == nil)
    #expect(PackedHeaderValues(bytes: Array("ab".utf8), ends: [1]) == nil)
    #expect(PackedHeaderValues(bytes: Array("ab".utf8), ends: [2, 1]) == nil)
    #expect(PackedHeaderValues(bytes: [0x61, 0xFF], ends: [1, 2]) == nil)
    // "é" is two bytes: a value may not end between them.
    #expect(PackedHeaderValues(bytes: Array("é".utf8), ends: [1, 2]) == nil)
    #expect(PackedHeaderValues(bytes: Array("é".utf8), ends: [0, 2])?.count == 2)
  }
}
