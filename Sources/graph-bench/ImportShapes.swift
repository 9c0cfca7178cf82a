/// The files `graph-bench import` reads, by shape and size: the Ruby VCR cassette of Koala and
/// Faraday traffic (`koala`), and the two YAML shapes issue 15 measured memory on, sized in
/// megabytes so the peak can be compared with the file: one plain scalar over many lines
/// (`plain`) and a response header whose values are a flow collection over many lines
/// (`flow`), each inside a one-interaction vcrpy YAML cassette.
enum ImportShape: String, CaseIterable {
  case koala
  case plain
  case flow

  /// What the shape is, for the table.
  var label: String {
    switch self {
    case .koala: "Ruby VCR, token per interaction"
    case .plain: "vcrpy, one plain scalar"
    case .flow: "vcrpy, flow header list"
    }
  }

  /// The file of about `megabytes` MB and how many items it has (interactions, or lines of
  /// the scalar or the list).
  func file(megabytes: Int) -> (bytes: [UInt8], count: Int) {
    switch self {
    case .koala: return ImportBenchmark.cassette(megabytes: megabytes)
    case .plain:
      // About 85 bytes a line.
      let lines = megabytes * 1_048_576 / 85
      return (GrowthYAML.plain(lines: lines), lines)
    case .flow:
      // About 44 bytes a line.
      let lines = megabytes * 1_048_576 / 44
      return (GrowthYAML.flow(lines: lines), lines)
    }
  }
}
