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
    let outcome = CassetteArguments.parse(
      arguments, valued: ["-o", "--output", "--from", "--url", "--method", "--status"],
      flagNames: ["--force", "--help", "-h"], command: "import", usage: usage,
      console: console)
    guard case .run(let parsed) = outcome else { return outcome.status }
    guard parsed.operands.count == 1 else {
      return fail("expected one file to import, got \(parsed.operands.count)", console)
    }
    guard let output = parsed.value("-o") ?? parsed.value("--output") else {
      return fail("-o CASSETTE is required", console)
    }
    let input = parsed.operands[0]
    let answer = parsed.value("--from") == JSONAnswerImport.formatName
    if !answer {
      for name in ["--url", "--method", "--status"] where parsed.value(name) != nil {
        return fail("\(name) only makes sense with --from json-answer", console)
      }
    }
    do {
      // What was read, how to name its source, and what to say of it.
      var (cassette, source, notes) =
        answer ? try answerCassette(input, parsed, console) : try imported(input, parsed, console)
      for note in notes { console.errorLine("graph-explorer import: \(input): \(note)") }
      let count = cassette.interactions.count
      try CassetteFiles.write(
        chunks: cassette.takeEncodedChunks(), to: output,
        force: parsed.flags.contains("--force"), console: console)
      console.line("imported \(count) interaction(s) from \(input) (\(source)) into \(output)")
      return .success
    } catch let error as UsageFailure {
      return fail(error.message, console)
    } catch {
      console.errorLine(ErrorPresenter.subcommand("import", "\(error)"))
      return .usage
    }
  }

  /// A bad `--from`: reported with the usage hint.
  private struct UsageFailure: Error {
    var message: String
  }

  /// A recorder's file, in the format `--from` names or the one detected.
  private static func imported(
    _ input: String, _ parsed: CassetteArguments, _ console: any Console
  ) throws -> (Cassette, String, [String]) {
    let format: InterchangeFormat?
    do { format = try parsed.format("--from") } catch {
      throw UsageFailure(message: error.description)
    }
    let publicValues = World.publicTestTokens
    let imported: Interchange.Imported
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
    return (imported.cassette, imported.format.displayName, imported.notes)
  }

  /// `--from json-answer`: one answer's body made into a one-interaction cassette.
  private static func answerCassette(
    _ input: String, _ parsed: CassetteArguments, _ console: any Console
  ) throws -> (Cassette, String, [String]) {
    let request = try JSONAnswerImport.Request(
      url: parsed.value("--url"), method: parsed.value("--method"),
      status: parsed.value("--status"))
    let bytes = try CassetteFiles.read(input, console: console)
    let cassette = try JSONAnswerImport.cassette(bytes, path: input, request: request)
    let source =
      "a JSON answer to \(request.method.rawValue) \(Redaction.redactURL(request.url))"
    return (cassette, source, [])
  }

  static func fail(_ message: String, _ console: any Console) -> ExitStatus {
    CassetteArguments.usageFailure(message, command: "import", console: console)
  }
}
