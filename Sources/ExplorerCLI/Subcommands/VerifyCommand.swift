import GraphCassette
import GraphEmulator

/// `graph-explorer verify FILE...`: drift detection. Re-sends every request of each cassette,
/// in order, to a target (a fresh emulator by default) and compares the answers with the
/// recorded ones. Exit 0 when nothing drifted, 1 on drift, 2 on bad input.
enum VerifyCommand {
  static let subcommand = Subcommand(
    summary: "re-send a cassette's requests and report drift", usage: usage, run: run)

  static let usage = CommandUsage(
    "verify", operands: "CASSETTE...", options: VerifyArguments.table.specs,
    about: """
      Re-sends every request of each CASSETTE, in order, to the target and compares each answer
      with the recorded one: the status, error.code and error.error_subcode, the Content-Type,
      the JSON body structurally, and the interaction's expect assertions. The cassette is
      replayed as a session: tokens, codes and ids its answers minted (a login dialog,
      client_credentials, test users, writes) are learned from the target's answer at the same
      step and sent in later requests; appsecret_proof is recomputed for the token sent; other
      tools' placeholders (<FACEBOOK_AD_TOKEN>) are sent as test values. Dialog steps go to the
      emulator as a browser would; other hosts than the Graph API are skipped with a note.
      Drift is grouped by cause, then listed per interaction (#1 is the first).

      Exit status: 0 no drift, 1 drift, 2 bad usage or an unreadable cassette.
      """, helpColumn: 20)

  static func run(_ arguments: [String], _ console: any Console) async -> ExitStatus {
    let parsed: VerifyArguments
    do {
      parsed = try VerifyArguments.parse(arguments)
    } catch {
      return fail(error.description, console)
    }
    if parsed.help {
      console.write(usage.text)
      return .success
    }
    guard !parsed.files.isEmpty else { return fail("expected a cassette to verify", console) }
    var drift = false
    for (n, file) in parsed.files.enumerated() {
      let report: VerificationReport
      let cassette: Cassette
      do {
        // Read once: a named pipe or a process substitution can be read only once.
        cassette = try Cassette.loadAnyFormat(path: file)
        report = try await parsed.verify(cassette)
      } catch {
        console.errorLine(ErrorPresenter.subcommand("verify", "\(error)"))
        return .usage
      }
      if n > 0 { console.line() }
      console.line("\(file) against \(parsed.targetDescription):")
      for line in parsed.mapping(for: cassette).lines { console.line("  \(line)") }
      if let note = cassette.tornTailNote {
        console.errorLine("graph-explorer verify: \(file): \(note)")
      }
      // An app id the recording shows (also sent as a wrong secret) is public: kept readable.
      let kept = World.publicTestTokens.union(Redactor.appIDs(in: cassette))
      console.line(ErrorPresenter.safe(report.text(keeping: kept)))
      drift = drift || report.hasDrift
    }
    return drift ? .failure : .success
  }

  static func fail(_ message: String, _ console: any Console) -> ExitStatus {
    console.errorLine(ErrorPresenter.subcommand("verify", "\(message)"))
    console.errorLine("try 'graph-explorer verify --help'")
    return .usage
  }
}
