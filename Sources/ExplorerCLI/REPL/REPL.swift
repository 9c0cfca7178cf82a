import GraphAPI

/// The read-eval-print loop: reads lines, parses them, runs them against the session and
/// renders what they produced, until `quit`, Ctrl-D or the end of the script.
///
/// Each line runs in a task of its own, which Ctrl-C cancels (`Interrupts`); the loop waits for
/// that task before it reads the next line, so the REPL and its session are only ever used by
/// one task at a time, which is what makes the unchecked `Sendable` sound.
final class REPL: @unchecked Sendable {
  let session: Session
  let console: any Console
  /// Colours, raw mode.
  var renderer: Renderer
  /// Whether a person is typing (prompt, pager, progress) rather than a script.
  let interactive: Bool
  /// Set when any line of a script failed; the exit status is then 1.
  var failed = false
  /// `--check-status` (or `set check-status on` in a script): the script stops at the first
  /// answer with HTTP 3xx, 4xx or 5xx and exits 3, 4 or 5, as HTTPie's `--check-status`.
  var checkStatus = false
  /// The exit status `--check-status` stopped the script with.
  var checkedStatus: ExitStatus?
  /// Where preferences persist (interactive sessions only), or `nil`.
  var preferencesPath: String?
  /// The `color` preference, apart from whether this output can show colours.
  var colorPreference = true
  /// The request lines of an inline `batch` typed so far, until `end`.
  var pendingBatch: [String]?
  /// The Page token `token page` set last and the person's token that read its
  /// `me/accounts`, which reads them again while the Page's token is the session's.
  var pageTokenOwner: (page: String, user: String)?
  /// "Did you mean" lines for the answers of the running line, shown after them.
  var pendingHints: [String] = []

  init(session: Session, console: any Console, renderer: Renderer, interactive: Bool) {
    self.session = session
    self.console = console
    self.renderer = renderer
    self.interactive = interactive
  }

  /// The prompt: `graph> `, or `graph live> ` on another target.
  var prompt: String {
    if pendingBatch != nil { return "batch> " }
    return session.target.emulator != nil ? "graph> " : "graph \(session.targetName)> "
  }

  /// Reads and runs lines from `reader` until it ends or a line says `quit`.
  /// - Returns: in a script, `.failure` if any line failed; interactively, `.success`.
  func run(reader: any LineReader) async -> ExitStatus {
    var number = 0
    loop: while true {
      switch reader.read(prompt: prompt) {
      case .end:
        if interactive { console.line() }
        if pendingBatch != nil {
          pendingBatch = nil
          report(.failed("the batch was not ended with 'end'"), line: "", lineNumber: number)
        }
        break loop
      case .interrupted:
        pendingBatch = nil
        continue
      case .line(let text):
        number += 1
        if !text.trimmingSpaces.isEmpty { reader.remember(text) }
        guard await execute(text, lineNumber: number) else { break loop }
      }
    }
    if let checkedStatus { return checkedStatus }
    return failed && !interactive ? .failure : .success
  }

  /// Runs one line; returns `false` when the REPL should stop.
  func execute(_ text: String, lineNumber: Int) async -> Bool {
    let trimmed = text.trimmingSpaces
    if trimmed.hasPrefix("#") { return true }
    if let lines = pendingBatch {
      guard trimmed == "end" else {
        // A line that is no request is refused as it is typed; the block goes on.
        if let problem = Self.batchLineProblem(trimmed) {
          report(problem, line: text, lineNumber: lineNumber)
        } else if !trimmed.isEmpty {
          pendingBatch = lines + [trimmed]
        }
        return true
      }
      pendingBatch = nil
      await Interrupts.run(watching: interactive) { [self] in
        do throws(ExplorerError) {
          try deliver([try await batch(lines: lines)], to: .none)
        } catch {
          report(error, line: text, lineNumber: lineNumber)
        }
      }
      return true
    }
    let parsed: ParsedLine
    do {
      parsed = try CommandParser.parse(text)
    } catch {
      report(error, line: text, lineNumber: lineNumber)
      return true
    }
    if parsed.command == .of(QuitCommand()) { return false }
    let firstNew = session.history.nextNumber
    await Interrupts.run(watching: interactive) { [self] in
      do throws(ExplorerError) {
        let outputs = try await run(parsed.command, text: trimmed)
        try deliver(outputs, to: parsed.redirect)
      } catch {
        report(error, line: text, lineNumber: lineNumber)
      }
      for hint in pendingHints { console.writeError(renderer.dim(hint) + "\n") }
      pendingHints = []
    }
    return !stopsAtStatus(since: firstNew, line: text, lineNumber: lineNumber)
  }

  /// `--check-status`: whether the line's answers (the exchanges numbered from `first` on)
  /// hold one with HTTP 3xx, 4xx or 5xx, so the script stops; says so on standard error.
  private func stopsAtStatus(since first: Int, line: String, lineNumber: Int) -> Bool {
    guard checkStatus, !interactive else { return false }
    for number in first..<session.history.nextNumber {
      guard let exchange = session.history.exchange(numbered: number),
        let status = ExitStatus.checked(exchange.response.status)
      else { continue }
      checkedStatus = status
      report(
        .failed(
          "#\(number) was answered HTTP \(exchange.response.status): --check-status ends the "
            + "script with exit status \(status.rawValue)"), line: line, lineNumber: lineNumber)
      return true
    }
    return false
  }

  /// Applies saved preferences; colours only if the output allows them.
  func apply(_ preferences: Preferences) {
    session.version = preferences.version
    session.verbose = preferences.verbose
    session.pager = preferences.pager
    colorPreference = preferences.color
    renderer.color = renderer.color && preferences.color
  }

  /// Writes the current preferences when they persist.
  func savePreferences() throws(ExplorerError) {
    guard let preferencesPath else { return }
    let preferences = Preferences(
      version: session.version, verbose: session.verbose, pager: session.pager,
      color: colorPreference)
    try preferences.save(to: preferencesPath)
  }

  /// Prints `error` on standard error and marks the run as failed.
  func report(_ error: ExplorerError, line: String, lineNumber: Int) {
    if case .cancelled = error, interactive {
      // Ctrl-C is no failure: the terminal shows `^C`, then what was stopped.
      console.writeError(" " + renderer.dim(error.description) + "\n")
      return
    }
    failed = true
    console.writeError(
      ErrorPresenter.present(
        error, line: line, lineNumber: interactive ? nil : lineNumber, color: renderer.color))
  }
}
