import GraphCassette

extension InterchangeFormat {
  /// Every format's name, as `--format` and `--from` take them (what the shell completes).
  static let optionNames = allCases.map(\.rawValue)

  /// The tools whose files are read and written besides graph-explorer's own, each once, for
  /// the commands' summaries: `HAR, Ruby VCR, vcrpy, ExVCR or WireMock`.
  static var tools: String {
    var seen: [String] = []
    for dialect in CassetteDialect.all where dialect.format != .native {
      if !seen.contains(dialect.tool) { seen.append(dialect.tool) }
    }
    return seen.dropLast().joined(separator: ", ") + " or " + (seen.last ?? "")
  }

  /// One line a format, for help: the name, what it is, and the other tools that write it.
  static var helpList: String {
    let width = allCases.map(\.rawValue.count).max() ?? 0
    return CassetteDialect.all.map { dialect in
      let also =
        dialect.alsoWrittenBy.isEmpty
        ? "" : "; also \(dialect.alsoWrittenBy.joined(separator: ", "))"
      let pad = String(repeating: " ", count: width - dialect.name.count)
      return "  \(dialect.name)\(pad)  \(dialect.summary)\(also)"
    }.joined(separator: "\n")
  }

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
      "the files' format: \(InterchangeFormat.names)\n(default: detected)"
    ) {
      parsed, name throws(OptionError) in set(&parsed, try InterchangeFormat.option(name))
    }
  }
}
