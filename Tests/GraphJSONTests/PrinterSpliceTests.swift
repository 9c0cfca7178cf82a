import GraphJSON
import Testing

/// `JSONPrinter.write(_:chunkSize:splicing:to:)`: a marker string in an array prints as the
/// strings of its list, the same bytes as printing the array with them in its place.
@Suite struct PrinterSpliceTests {
  static func printed(
    _ printer: JSONPrinter, _ value: JSONValue, chunkSize: Int,
    splicing lists: [String: JSONPrinter.StringList]
  ) -> String {
    var out: [UInt8] = []
    printer.write(value, chunkSize: chunkSize, splicing: lists) { out.append(contentsOf: $0) }
    return String(decoding: out, as: UTF8.self)
  }

  static func list(_ strings: [String]) -> JSONPrinter.StringList {
    { item in
      for var s in strings { s.withUTF8 { item($0) } }
    }
  }

  static let items = [
    "plain", "with \"quotes\" and \\", "tab\tand\nnewline", "Zoë ✓ 𝄞", "", "\u{1}control",
  ]

  @Test(arguments: [[JSONPrinter.Options.pretty], [], [.pretty, .asciiOnly], [.color]])
  func aSplicedListPrintsAsTheArrayWould(options: JSONPrinter.Options) {
    let printer = JSONPrinter(options: options)
    let long = (0..<300).map { "value \($0) " + Self.items[$0 % Self.items.count] }
    let value: JSONValue = [
      "a": ["first", "MARK-1", "last"],
      "b": ["deeper": [["MARK-2"]]],
      "c": "MARK-1",
      "d": ["MARK-1": ["MARK-2"]],
    ]
    let expanded: JSONValue = [
      "a": .array(["first"] + long.map { .string($0) } + ["last"]),
      "b": ["deeper": [.array(Self.items.map { .string($0) })]],
      // Not an array element: printed as it is.
      "c": "MARK-1",
      "d": ["MARK-1": .array(Self.items.map { .string($0) })],
    ]
    let lists = ["MARK-1": Self.list(long), "MARK-2": Self.list(Self.items)]
    for chunkSize in [1, 7, 4096, 1 << 16] {
      #expect(
        Self.printed(printer, value, chunkSize: chunkSize, splicing: lists)
          == printer.string(expanded), "chunk size \(chunkSize)")
    }
  }

  @Test func withoutListsItPrintsAsWriteDoes() {
    let printer = JSONPrinter()
    let value: JSONValue = ["x": ["MARK", 1, nil, true]]
    #expect(Self.printed(printer, value, chunkSize: 16, splicing: [:]) == printer.string(value))
  }

  @Test func aLongListIsHandedOutInPiecesAsItPrints() {
    let long = (0..<20_000).map { "item number \($0) of a long list" }
    var largest = 0
    var total = 0
    JSONPrinter().write(["h": ["MARK"]], chunkSize: 4096, splicing: ["MARK": Self.list(long)]) {
      largest = max(largest, $0.count)
      total += $0.count
    }
    #expect(total > 600_000)
    // Pieces end near the chunk size, not at the end of the list.
    #expect(largest < 8192)
  }
}
