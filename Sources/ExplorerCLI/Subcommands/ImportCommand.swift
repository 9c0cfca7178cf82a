import GraphCassette
import GraphEmulator

/// `graph-explorer import FILE -o CASSETTE`: reads a HAR 1.2, Ruby VCR (JSON or YAML) or vcrpy
/// (JSON or YAML) file, redacts its secrets, and writes a native cassette.
enum ImportCommand {
  static let subcommand = Subcommand(
    name: "import", summary: "convert a HAR, Ruby VCR or vcrpy file into a cassette", run: run)

  static let usage = """
    usage: graph-explorer import FILE -o CASSETTE [--from FORMAT] [--force]
           graph-explorer import ANSWER.json -o CASSETTE --from json-answer --url URL
                                [--method GET|POST|DELETE] [--status N] [--force]

    Reads FILE, detecting its format (HAR 1.2, Ruby VCR JSON or YAML, vcrpy JSON or YAML,
    ExVCR JSON, WireMock mappings; Betamax reads as vcr, Polly.JS as har) unless --from names
    it (har, vcr, vcr-yaml, vcrpy, vcrpy-yaml, exvcr, wiremock), replaces any access
    tokens, appsecret_proofs and app secrets by placeholders (the emulator's published test
    tokens excepted), and writes a graph-explorer cassette. An existing CASSETTE is only
    replaced with --force.

    --from json-answer reads FILE as the body of one Graph answer (a plain JSON fixture, as
    webmock and fakeweb suites keep them) and makes a cassette of one interaction answering
    --url (with --method, GET by default) with it: status --status, else 400 for Graph's
    error object and 200 otherwise.

    """

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let parsed: CassetteArguments
    do {
      parsed = try CassetteArguments.parse(
        arguments, valued: ["-o", "--output", "--from", "--url", "--method", "--status"],
        flagNames: ["--force", "--help", "-h"])
    } catch {
      return fail(error.description, console)
    }
    if parsed.wantsHelp {
      console.write(usage)
      return .success
    }
    guard parsed.operands.count == 1 else {
      return fail("expected one file to import, got \(parsed.operands.count)", console)
    }
    guard let output = parsed.value("-o") ?? parsed.value("--output") else {
      return fail("-o CASSETTE is required", console)
    }
    let input = parsed.operands[0]
    if parsed.value("--from") == JSONAnswerImport.formatName {
      return importAnswer(input, to: output, parsed, console)
    }
    for name in ["--url", "--method", "--status"] where parsed.value(name) != nil {
      return fail("\(name) only makes sense with --from json-answer", console)
    }
    let format: InterchangeFormat?
    do { format = try parsed.format("--from") } catch { return fail(error.description, console) }
    do {
      let publicValues = Set(World.defaultTestTokens.map(\.token))
      var imported: Interchange.Imported
      if input != "-", let file = MappedFile(path: input) {
        // A regular file is mapped: YAML is read from the mapping, never resident whole.
        imported = try Interchange.importWithNotes(
          file, path: input, format: format, publicValues: publicValues)
      } else {
        let bytes = try CassetteFiles.read(input, console: console)
        // Handed over, so the file's bytes are released as soon as they are read.
        imported = try Interchange.importWithNotes(
          consume bytes, path: input, format: format, publicValues: publicValues)
      }
      let (count, detected) = (imported.cassette.interactions.count, imported.format)
      for note in imported.notes { console.errorLine("graph-explorer import: \(input): \(note)") }
      try CassetteFiles.write(
        chunks: imported.cassette.takeEncodedChunks(), to: output,
        force: parsed.flags.contains("--force"), console: console)
      console.line(
        "imported \(count) interaction(s) from \(input) "
          + "(\(detected.displayName)) into \(output)")
      return .success
    } catch {
      console.errorLine(ErrorPresenter.subcommand("import", "\(error)"))
      return .usage
    }
  }

  /// `--from json-answer`: one answer's body made into a one-interaction cassette.
  private static func importAnswer(
    _ input: String, to output: String, _ parsed: CassetteArguments, _ console: any Console
  ) -> ExitStatus {
    do {
      let request = try JSONAnswerImport.Request(
        url: parsed.value("--url"), method: parsed.value("--method"),
        status: parsed.value("--status"))
      let bytes = try CassetteFiles.read(input, console: console)
      var cassette = try JSONAnswerImport.cassette(bytes, path: input, request: request)
      try CassetteFiles.write(
        chunks: cassette.takeEncodedChunks(), to: output, force: parsed.flags.contains("--force"),
        console: console)
      console.line(
        "imported 1 interaction(s) from \(input) (a JSON answer to \(request.method.rawValue) "
          + "\(Redaction.redactURL(request.url))) into \(output)")
      return .success
    } catch {
      console.errorLine(ErrorPresenter.subcommand("import", "\(error)"))
      return .usage
    }
  }

  static func fail(_ message: String, _ console: any Console) -> ExitStatus {
    console.errorLine(ErrorPresenter.subcommand("import", "\(message)"))
    console.errorLine("try 'graph-explorer import --help'")
    return .usage
  }
}
