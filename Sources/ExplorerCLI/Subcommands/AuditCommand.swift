import GraphCassette
import GraphEmulator

/// `graph-explorer audit FILE... [--fix]`: lists every value in cassettes of any importable
/// format that is a secret (by name or by shape), so a repository can check its fixtures in CI.
enum AuditCommand {
  static let subcommand = Subcommand(
    summary: "list the secrets left in cassettes (exit 1 if any), or --fix them", usage: usage,
    run: run)

  static let usage = CommandUsage(
    "audit", operands: "FILE...", options: Options.table.specs,
    about: """
      Reads each FILE (a graph-explorer cassette or a \(InterchangeFormat.tools) file,
      detected unless --from names it) and lists every value that is a secret: access tokens,
      app tokens, appsecret_proofs, app secrets, OAuth codes and signed requests, found
      by name (access_token=, "client_secret": ..., X-Access-Token, Cookie, Authorization,
      multipart parts) and by shape (EAA.../CAA... tokens, APPID|SECRET, signed requests) in
      any encoding. Each line gives the file, the interaction, the field and a masked preview.
      The emulator's published test tokens are not secrets. HAR entries with status 0, which
      import leaves out, are audited too and listed by entry. Exit status 1 when any secret is
      found, 0 when none, 2 when a file cannot be read.

      --fix rewrites each FILE that holds secrets, in its own format, with every secret
      replaced by a placeholder (<ACCESS_TOKEN_1>), as import does (HAR entries with status 0
      are dropped, as import drops them); the exit status is then 0.
      """)

  /// What `audit`'s command line says.
  struct Options: FileListOptions {
    var operands: [String] = []
    var format: InterchangeFormat?
    var fix = false
    var help = false

    static let table = OptionTable<Options>(
      [
        .inputFormat { $0.format = $1 },
        .flag(["--fix"], "rewrite each file with its secrets replaced by placeholders") {
          $0.fix = true
        },
      ], help: { $0.help = true })
  }

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let line = Options.read(arguments, command: "audit", usage: usage.text, console: console)
    guard case .run(let parsed) = line else { return line.status }
    let (format, fix) = (parsed.format, parsed.fix)
    let publicValues = World.publicTestTokens
    var status = ExitStatus.success
    var total = 0
    for path in parsed.operands {
      do {
        let imported: Interchange.Imported
        if path != "-", let file = MappedFile(path: path) {
          // Read from the mapping: a broken file fails at its first bad byte, whatever its size.
          imported = try Interchange.readWithNotes(file, path: path, format: format)
        } else {
          let bytes = try CassetteFiles.read(path, console: console)
          imported = try Interchange.readWithNotes(bytes, path: path, format: format)
        }
        let (cassette, detected) = (imported.cassette, imported.format)
        var redactor = Redactor(publicValues: publicValues)
        redactor.reservePlaceholders(in: cassette)
        let findings = redactor.findings(in: cassette)
        total += findings.count
        for finding in findings {
          console.line("\(shown(path)): \(shown(finding.description))")
        }
        // Entries import leaves out still hold what they hold: report them, by entry.
        let leftOut = Self.unansweredFindings(imported, publicValues: publicValues)
        total += leftOut.count
        for line in leftOut { console.line("\(shown(path)): \(shown(line))") }
        guard !findings.isEmpty || !leftOut.isEmpty else { continue }
        if fix {
          guard path != "-" else {
            console.errorLine("graph-explorer audit: cannot --fix standard input")
            status = .usage
            continue
          }
          let fixed = redactor.redact(cassette)
          try CassetteFiles.write(
            Interchange.export(fixed, as: detected), to: path, force: true, console: console)
          var done = "replaced \(findings.count) secret(s)"
          if !imported.unanswered.isEmpty {
            done += ", dropped \(imported.unanswered.count) unanswered entr(y/ies)"
          }
          console.line("\(shown(path)): \(done) (\(detected.displayName))")
        } else if status == .success {
          status = .failure
        }
      } catch {
        console.errorLine("graph-explorer audit: \(error)")
        status = .usage
      }
    }
    if total == 0, status == .success {
      console.line("no secrets in \(parsed.operands.count) file(s)")
    }
    return status
  }

  /// The secrets in the HAR entries import leaves out (status 0), each named by its entry:
  /// `entry 4 (status 0, left out by import), request.url: ACCESS_TOKEN EAAB…Zq (120 bytes)`.
  static func unansweredFindings(_ imported: Interchange.Imported, publicValues: Set<String>)
    -> [String]
  {
    guard !imported.unanswered.isEmpty else { return [] }
    var redactor = Redactor(publicValues: publicValues)
    let cassette = Cassette(interactions: imported.unanswered.map(\.interaction))
    return redactor.findings(in: cassette).map { finding in
      let entry = imported.unanswered[finding.interaction - 1].entry
      return "entry \(entry) (status 0, left out by import), \(finding.place): "
        + "\(finding.kind.rawValue) \(finding.preview)"
    }
  }

  /// `text` with control characters shown as `\u{1B}`, so a hostile file cannot drive the
  /// terminal.
  static func shown(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

}
