import GraphCassette
import GraphEmulator

/// `graph-explorer import FILE -o CASSETTE`: reads a file of any format of `CassetteDialect`,
/// redacts its secrets, and writes a native cassette.
enum ImportCommand {
  static let subcommand = Subcommand(
    summary: "convert a \(InterchangeFormat.tools) file into a cassette", usage: usage, run: run)

  static let usage = CommandUsage(
    "import", operands: "FILE", options: Options.table.specs,
    forms: ["import ANSWER.json --from json-answer --url URL -o CASSETTE"],
    about: """
      Reads FILE, detecting its format unless --from names it, replaces any access tokens,
      appsecret_proofs and app secrets by placeholders (the emulator's published test tokens
      excepted), and writes a graph-explorer cassette. The formats:

      \(InterchangeFormat.helpList)

      --from json-answer reads FILE as the body of one Graph answer (a plain JSON fixture, as
      webmock and fakeweb suites keep them) and makes a cassette of one interaction answering
      --url (with --method, GET by default) with it: status --status, else 400 for Graph's
      error object and 200 otherwise.
      """)

  /// What `import`'s command line says.
  struct Options: ParsableOptions {
    var operands: [String] = []
    var output: String?
    /// `--from`: a format's name, or `json-answer`.
    var from: String?
    /// `--url`, `--method`, `--status`: the request a JSON answer answers.
    var url: String?, method: String?, status: String?
    var force = false
    var help = false

    static let table = OptionTable<Options>(
      [
        .value(
          ["-o", "--output"], "CASSETTE", completes: .file, required: true,
          "the cassette to write (required)"
        ) {
          $0.output = $1
        },
        .value(
          ["--from"], "FORMAT",
          completes: .words(InterchangeFormat.optionNames + [JSONAnswerImport.formatName]),
          "\(InterchangeFormat.names) or \(JSONAnswerImport.formatName)\n(default: detected)"
        ) { $0.from = $1 },
        .value(["--url"], "URL", "with json-answer: the request it answers") { $0.url = $1 },
        .value(["--method"], "METHOD", "with json-answer: GET (the default), POST or DELETE") {
          $0.method = $1
        },
        .value(["--status"], "N", "with json-answer: the status (default: 400 for an error, 200)") {
          $0.status = $1
        },
        .flag(["--force"], "replace an existing CASSETTE") { $0.force = true },
      ], help: { $0.help = true })

    func validate() throws(OptionError) {
      _ = try single("file to import")
      guard output != nil else { throw .invalid("-o CASSETTE is required") }
      guard from != JSONAnswerImport.formatName else { return }
      for (name, value) in [("--url", url), ("--method", method), ("--status", status)]
      where value != nil {
        throw .invalid("\(name) only makes sense with --from json-answer")
      }
    }
  }

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let line = Options.read(arguments, command: "import", usage: usage.text, console: console)
    guard case .run(let options) = line else { return line.status }
    guard let output = options.output else { return .usage }
    let input = options.operands[0]
    let answer = options.from == JSONAnswerImport.formatName
    do {
      // What was read, how to name its source, and what to say of it.
      var (cassette, source, notes) =
        answer ? try answerCassette(input, options, console) : try imported(input, options, console)
      for note in notes { console.errorLine("graph-explorer import: \(input): \(note)") }
      let count = cassette.interactions.count
      try CassetteFiles.write(
        chunks: cassette.takeEncodedChunks(), to: output,
        force: options.force, console: console)
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
    _ input: String, _ options: Options, _ console: any Console
  ) throws -> (Cassette, String, [String]) {
    let format: InterchangeFormat?
    do { format = try options.from.map(InterchangeFormat.option) } catch {
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
    _ input: String, _ options: Options, _ console: any Console
  ) throws -> (Cassette, String, [String]) {
    let request = try JSONAnswerImport.Request(
      url: options.url, method: options.method, status: options.status)
    let bytes = try CassetteFiles.read(input, console: console)
    let cassette = try JSONAnswerImport.cassette(bytes, path: input, request: request)
    let source =
      "a JSON answer to \(request.method.rawValue) \(Redaction.redactURL(request.url))"
    return (cassette, source, [])
  }

  static func fail(_ message: String, _ console: any Console) -> ExitStatus {
    SubcommandLine<Options>.failure(message, command: "import", console)
  }
}
