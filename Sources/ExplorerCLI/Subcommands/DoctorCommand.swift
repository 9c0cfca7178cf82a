import GraphCassette
import GraphJSON

/// `graph-explorer doctor FILE...`: reads whole recorded sessions (every format `import`
/// reads) and says what went wrong, why, and what the iOS SDK 3.x did about it.
enum DoctorCommand {
  static let subcommand = Subcommand(
    summary: "diagnose a recorded session: errors, tokens, throttling, waste", usage: usage,
    run: run)

  static let usage = CommandUsage(
    "doctor", operands: "FILE...", options: Options.table.specs,
    about: """
      Reads each FILE (a graph-explorer cassette or a \(InterchangeFormat.tools) file,
      detected unless --from names it) one interaction at a time and reports: the overview
      (interactions, time span, hosts, Graph versions and their state on the days they were
      called), each token by placeholder (kind, whose, permissions seen, its life), every error
      explained as `explain` does (batch items each on their own) grouped by cause with the iOS
      SDK 3.x's next step and what the app did next, throttling and the usage headers, wasted
      calls, and secrets still in the file. Interaction numbers are those `show #n` and
      `explain #n` use after `replay FILE`. The --html page replaces an existing file
      only with --force, and never one of the FILEs. See docs/doctor.md.

      Exit status: 0, or 1 with --fail-on when such a finding was made; 2 when a file cannot be
      read or the command line is wrong.
      """)

  /// What `doctor`'s command line says.
  struct Options: FileListOptions {
    var operands: [String] = []
    var format: InterchangeFormat?
    var json = false
    var html: String?
    var force = false
    var failOn: DoctorFinding.Level?
    /// `true` / `false` when `--color` / `--no-color` was given, `nil` to decide by terminal.
    var color: Bool?
    var help = false

    static let table = OptionTable<Options>(
      [
        .inputFormat { $0.format = $1 },
        .flag(["--json"], "the reports as JSON with stable keys, instead of the text") {
          $0.json = true
        },
        .value(
          ["--html"], "FILE", completes: .file,
          "also write one self-contained HTML page with a timeline"
        ) {
          $0.html = $1
        },
        .flag(["--force"], "replace an existing --html FILE") { $0.force = true },
        .value(
          ["--fail-on"], "LEVEL", completes: .words(DoctorFinding.Level.allCases.map(\.name)),
          "exit 1 when a finding at LEVEL (info, warning, error) or above is found"
        ) { options, name throws(OptionError) in
          guard let level = DoctorFinding.Level(name: name) else {
            throw .invalid("--fail-on expects info, warning or error, found '\(name)'")
          }
          options.failOn = level
        },
      ] as [OptionTable<Options>.Row], color: { $0.color = $1 }, help: { $0.help = true })
  }

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let line = Options.read(arguments, command: "doctor", usage: usage.text, console: console)
    guard case .run(let parsed) = line else { return line.status }
    let (format, failOn) = (parsed.format, parsed.failOn)
    var status = ExitStatus.success
    var reports: [DoctorReport] = []
    for path in parsed.operands {
      do {
        reports.append(try diagnose(path, format: format, console: console))
      } catch {
        console.errorLine("graph-explorer doctor: \(AuditCommand.shown("\(error)"))")
        status = .usage
      }
    }
    if parsed.json {
      console.write(JSONPrinter(options: [.pretty]).string(DoctorJSON.document(reports)) + "\n")
    } else {
      let color =
        parsed.color
        ?? (console.isOutputTerminal && (console.environment["NO_COLOR"] ?? "").isEmpty)
      let text = DoctorText(color: color)
      for report in reports { for line in text.lines(report) { console.line(line) } }
    }
    if let html = parsed.html {
      do throws(CassetteFiles.Failure) {
        if let input = parsed.operands.first(where: { FileIO.sameFile($0, html) }) {
          throw CassetteFiles.Failure(
            description: "--html \(html): is the input \(input); name another file for the report")
        }
        try CassetteFiles.write(
          Array(DoctorHTML.page(reports).utf8), to: html, force: parsed.force, console: console)
        if !parsed.json { console.line("wrote \(AuditCommand.shown(html))") }
      } catch {
        console.errorLine("graph-explorer doctor: \(AuditCommand.shown(error.description))")
        status = .usage
      }
    }
    if status == .success, let failOn,
      reports.contains(where: { ($0.worst ?? .info) >= failOn && $0.worst != nil })
    {
      status = .failure
    }
    return status
  }

  /// The report on one file, read as `audit` reads it (secrets and all: they are listed, then
  /// replaced by placeholders before anything else sees them).
  static func diagnose(_ path: String, format: InterchangeFormat?, console: any Console) throws
    -> DoctorReport
  {
    // A native cassette is read as its own format reads it, so that one whose last append was
    // torn by a crash is diagnosed too.
    var imported: Interchange.Imported
    if path != "-", let file = MappedFile(path: path) {
      // Read from the mapping, never copied whole (a sparse 40 GiB file failed to allocate):
      // a broken file fails at its first bad byte, as in `audit`.
      let chosen = format ?? (Self.looksNative(Array(file.bytes.prefix(256))) ? .native : nil)
      imported = try Interchange.readWithNotes(file, path: path, format: chosen)
    } else {
      let bytes = try CassetteFiles.read(path, console: console)
      let chosen = format ?? (Self.looksNative(bytes) ? .native : nil)
      imported = try Interchange.readWithNotes(consume bytes, path: path, format: chosen)
    }
    for note in imported.notes + [imported.cassette.tornTailNote].compactMap({ $0 }) {
      console.errorLine(
        "graph-explorer doctor: \(AuditCommand.shown(path)): \(AuditCommand.shown(note))")
    }
    var analyzer = DoctorAnalyzer()
    // Taken out of the cassette, so each interaction can be released once read.
    var interactions = imported.cassette.interactions
    imported.cassette.interactions = []
    for index in interactions.indices {
      analyzer.add(interactions[index])
      interactions[index] = Self.emptied
    }
    return analyzer.report(file: path, format: imported.format.displayName)
  }

  /// Whether `bytes` start like a native cassette (its format key near the start).
  static func looksNative(_ bytes: [UInt8]) -> Bool {
    String(decoding: bytes.prefix(256), as: UTF8.self).contains("\"graph_explorer_cassette\"")
  }

  /// What stands in for an interaction already read.
  static let emptied = Interaction(
    request: .init(url: ""), response: .init(status: 0), recordedAt: "")

}
