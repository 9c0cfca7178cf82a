import GraphCassette

extension InterchangeFormat {
  /// Every format's name, as `--format` and `--from` take them (what the shell completes).
  static let optionNames = (allCases + recorders).map(\.rawValue)

  /// The format an option's value names (`--format vcr`, `--from har`).
  /// - Throws: `.invalid` listing the formats when it names none of them.
  static func option(_ name: String) throws(OptionError) -> InterchangeFormat {
    guard let format = InterchangeFormat(parsing: name) else {
      throw .invalid("unknown format '\(name)' (expected \(InterchangeFormat.names))")
    }
    return format
  }
}

extension OptionTable.Row {
  /// `--from FORMAT`: the input's format, when detection should be skipped.
  static func inputFormat(
    _ set: @escaping @Sendable (inout Parsed, InterchangeFormat) -> Void
  ) -> Self {
    .value(
      ["--from"], "FORMAT", completes: .words(InterchangeFormat.optionNames),
      "the files' format (default: detected)"
    ) {
      parsed, name throws(OptionError) in set(&parsed, try InterchangeFormat.option(name))
    }
  }
}
