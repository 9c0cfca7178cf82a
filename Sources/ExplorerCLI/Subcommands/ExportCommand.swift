import GraphCassette
import GraphEmulator

/// `graph-explorer export CASSETTE --format har|vcr|vcr-yaml|vcrpy|vcrpy-yaml -o FILE`.
enum ExportCommand {
  static let subcommand = Subcommand(
    name: "export", summary: "write a cassette as HAR, Ruby VCR or vcrpy", run: run)

  static let usage = """
    usage: graph-explorer export CASSETTE --format FORMAT [-o FILE] [--force]

    Writes CASSETTE in FORMAT: har (HAR 1.2), vcr (Ruby VCR JSON), vcr-yaml (Ruby VCR's
    default YAML), vcrpy (vcrpy JSON), vcrpy-yaml (vcrpy's default YAML), exvcr (ExVCR JSON),
    wiremock (WireMock mappings). Without -o, or with
    -o -, the result goes to standard output. An existing FILE is only replaced with --force.

    """

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let outcome = CassetteArguments.parse(
      arguments, valued: ["-o", "--output", "--format", "-f"],
      flagNames: ["--force", "--help", "-h"], command: "export", usage: usage,
      console: console)
    guard case .run(let parsed) = outcome else { return outcome.status }
    guard parsed.operands.count == 1 else {
      return fail("expected one cassette to export, got \(parsed.operands.count)", console)
    }
    let format: InterchangeFormat
    do {
      guard let named = try parsed.format("--format", "-f") else {
        return fail("--format is required (har, vcr, vcr-yaml, vcrpy, vcrpy-yaml)", console)
      }
      format = named
    } catch { return fail(error.description, console) }
    let output = parsed.value("-o") ?? parsed.value("--output") ?? "-"
    do {
      var cassette = try Cassette.load(path: parsed.operands[0])
      // A cassette written by hand or by another tool may hold raw secrets: what is written
      // goes through the rule `import` and recording use (issue 31).
      var redactor = Redactor(publicValues: Set(World.defaultTestTokens.map(\.token)))
      redactor.reservePlaceholders(in: cassette)
      redactor.redact(&cassette)
      if let note = cassette.tornTailNote {
        console.errorLine("graph-explorer export: \(parsed.operands[0]): \(note)")
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
          bytes, to: output, force: parsed.flags.contains("--force"), console: console)
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

  static func fail(_ message: String, _ console: any Console) -> ExitStatus {
    CassetteArguments.usageFailure(message, command: "export", console: console)
  }
}
