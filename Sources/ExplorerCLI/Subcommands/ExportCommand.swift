import GraphCassette
import GraphEmulator

/// `graph-explorer export CASSETTE --format FORMAT -o FILE` (the formats of `CassetteDialect`).
enum ExportCommand {
  static let subcommand = Subcommand(
    summary: "write a cassette as \(InterchangeFormat.tools)", usage: usage, run: run)

  static let usage = CommandUsage(
    "export", operands: "CASSETTE", options: Options.table.specs,
    about: """
      Writes CASSETTE in FORMAT, one of:

      \(InterchangeFormat.helpList)

      Secrets left in CASSETTE are replaced by placeholders first. A format that cannot hold a
      binary body refuses a cassette that has one, naming the format that can.
      """)

  /// What `export`'s command line says.
  struct Options: ParsableOptions {
    var operands: [String] = []
    var format: InterchangeFormat?
    var output = "-"
    var force = false
    var help = false

    static let table = OptionTable<Options>(
      [
        .value(
          ["--format", "-f"], "FORMAT", completes: .words(InterchangeFormat.optionNames),
          required: true,
          InterchangeFormat.names
        ) { options, name throws(OptionError) in
          options.format = try InterchangeFormat.option(name)
        },
        .value(
          ["-o", "--output"], "FILE", completes: .file,
          "where to write (default, and -: standard output)"
        ) {
          $0.output = $1
        },
        .flag(["--force"], "replace an existing FILE") { $0.force = true },
      ], help: { $0.help = true })

    /// The options checked: one cassette, and a format.
    struct Validated {
      var cassette: String
      var format: InterchangeFormat
      var output: String
      var force: Bool
    }

    func validated() throws(OptionError) -> Validated {
      let cassette = try single("cassette to export")
      guard let format else {
        throw .invalid("--format is required (\(InterchangeFormat.names))")
      }
      return Validated(cassette: cassette, format: format, output: output, force: force)
    }
  }

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let line = Options.read(arguments, command: "export", usage: usage.text, console: console)
    guard case .run(let options) = line else { return line.status }
    let format = options.format
    let output = options.output
    do {
      var cassette = try Cassette.load(path: options.cassette)
      // A cassette written by hand or by another tool may hold raw secrets: what is written
      // goes through the rule `import` and recording use (issue 31).
      var redactor = Redactor(publicValues: World.publicTestTokens)
      redactor.reservePlaceholders(in: cassette)
      redactor.redact(&cassette)
      if let note = cassette.tornTailNote {
        console.errorLine("graph-explorer export: \(options.cassette): \(note)")
      }
      if let refusal = Interchange.exportRefusal(cassette, as: format) {
        console.errorLine("graph-explorer export: \(refusal)")
        return .usage
      }
      let bytes = Interchange.export(cassette, as: format)
      if output == "-" {
        console.write(String(decoding: bytes, as: UTF8.self))
      } else {
        try CassetteFiles.write(
          bytes, to: output, force: options.force, console: console)
        console.line(
          "exported \(cassette.interactions.count) interaction(s) to \(output) (\(format.displayName))"
        )
      }
      return .success
    } catch {
      console.errorLine(ErrorPresenter.subcommand("export", "\(error)"))
      return .usage
    }
  }
}
