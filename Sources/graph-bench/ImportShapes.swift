/// The files `graph-bench import` reads, by shape and size: the Ruby VCR cassette of Koala and
/// Faraday traffic (`koala`), and the two YAML shapes issue 15 measured memory on, sized in
/// megabytes so the peak can be compared with the file: one plain scalar over many lines
/// (`plain`) and a response header whose values are a flow collection over many lines
/// (`flow`), each inside a one-interaction vcrpy YAML cassette; a HAR file as devtools write
/// one (`har`, a token per entry); and the two JSON Patch shapes issue 15 found quadratic,
/// through `graph-explorer patch` (`patch-add`: `add /a/0` to an empty array, `patch-move`:
/// moves `/a/0` to `/a/-` in an array of as many numbers, whose file counts in the size).
enum ImportShape: String, CaseIterable {
  case koala
  case plain
  case flow
  case har
  case patchAdd = "patch-add"
  case patchMove = "patch-move"

  /// What the shape is, for the table.
  var label: String {
    switch self {
    case .koala: "Ruby VCR, token per interaction"
    case .plain: "vcrpy, one plain scalar"
    case .flow: "vcrpy, flow header list"
    case .har: "HAR, token per entry"
    case .patchAdd: "patch, add /a/0"
    case .patchMove: "patch, move /a/0 to /a/-"
    }
  }

  /// The file's extension, as its tool names it.
  var fileExtension: String {
    switch self {
    case .koala, .plain, .flow: "yml"
    case .har: "har"
    case .patchAdd, .patchMove: "json"
    }
  }

  /// Whether Psych reads the file (YAML, or JSON as YAML); the patch shapes have no peer.
  var hasPsych: Bool { self != .patchAdd && self != .patchMove }

  /// The file of about `megabytes` MB, the document a patch applies to (nil for an import),
  /// and how many items it has (interactions, entries, operations, or lines of the scalar or
  /// the list).
  func files(megabytes: Int) -> (bytes: [UInt8], document: [UInt8]?, count: Int) {
    switch self {
    case .koala:
      let (bytes, count) = ImportBenchmark.cassette(megabytes: megabytes)
      return (bytes, nil, count)
    case .plain:
      // About 85 bytes a line.
      let lines = megabytes * 1_048_576 / 85
      return (GrowthYAML.plain(lines: lines), nil, lines)
    case .flow:
      // About 44 bytes a line.
      let lines = megabytes * 1_048_576 / 44
      return (GrowthYAML.flow(lines: lines), nil, lines)
    case .har:
      let (bytes, count) = ImportBenchmark.har(megabytes: megabytes)
      return (bytes, nil, count)
    case .patchAdd, .patchMove:
      // About 48 bytes an operation.
      let count = megabytes * 1_048_576 / 48
      let operation =
        self == .patchAdd
        ? { (n: Int) in #"{"op":"add","path":"/a/0","value":\#(n)}"# }
        : { (_: Int) in #"{"op":"move","from":"/a/0","path":"/a/-"}"# }
      let patch = "[" + (0..<count).map(operation).joined(separator: ",\n") + "]\n"
      let document =
        self == .patchAdd
        ? #"{"a":[]}"# : #"{"a":["# + (0..<count).map(String.init).joined(separator: ",") + "]}"
      return (Array(patch.utf8), Array(document.utf8), count)
    }
  }
}
