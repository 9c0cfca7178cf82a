import CEditLine
import Foundation

/// Line editing on a terminal through libedit: Emacs keys, Up/Down history (loaded from and
/// appended to the `HistoryFile`), Tab completion, Ctrl-C to cancel a line, Ctrl-D to leave.
final class LineEditor: LineReader {
  private let editLine: OpaquePointer
  private let history: OpaquePointer
  private var event = HistEvent()
  private var promptBuffer: UnsafeMutablePointer<CChar>?
  private let historyFile: HistoryFile?
  private let output: any Console
  /// Values never to write to the history file (the token, the app secret).
  var secrets: () -> [String] = { [] }
  /// The last line remembered, so that a repeated line is stored once.
  private var lastRemembered: String?
  /// Set by the Ctrl-C key binding: the line being returned was cancelled.
  private var cancelled = false
  /// Given the text before the cursor, what can complete it.
  var completer: ((String) -> Completion)?

  /// Sets up libedit on standard input and output, or returns `nil` when it cannot.
  init?(programName: String, historyFile: HistoryFile?, console: any Console) {
    Self.setLocale()
    guard let editLine = ge_el_init_standard(programName) else { return nil }
    guard let history = history_init() else {
      el_end(editLine)
      return nil
    }
    self.editLine = editLine
    self.history = history
    self.historyFile = historyFile
    self.output = console
    _ = ge_history_setsize(history, &event, 1000)
    _ = ge_history_setunique(history, &event, 1)
    for line in historyFile?.load() ?? [] { _ = ge_history_enter(history, &event, line) }
    _ = ge_el_set_editor(editLine, "emacs")
    _ = ge_el_set_history(editLine, history)
    _ = ge_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
    _ = ge_el_set_prompt(editLine) { el in
      guard let el, let data = ge_el_get_clientdata(el) else { return nil }
      return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().promptBuffer
    }
    _ = ge_el_set_addfn_bind(
      editLine, "ge-complete", "Complete the word",
      { el, _ in
        guard let el, let data = ge_el_get_clientdata(el) else { return UInt8(CC_ERROR) }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().complete()
      }, "^I")
    // With ISIG off while editing, Ctrl-C arrives as a key: it cancels the line.
    _ = ge_el_setty_no_isig(editLine)
    _ = ge_el_set_addfn_bind(
      editLine, "ge-cancel", "Cancel the line",
      { el, _ in
        guard let el, let data = ge_el_get_clientdata(el) else { return UInt8(CC_ERROR) }
        let editor = Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
        editor.cancelled = true
        return UInt8(CC_NEWLINE)
      }, "^C")
    _ = ge_el_source_default(editLine)
    Interrupts.install()
  }

  deinit {
    el_end(editLine)
    history_end(history)
    free(promptBuffer)
  }

  func read(prompt: String) -> LineReaderEvent {
    free(promptBuffer)
    promptBuffer = strdup(prompt)
    _ = Interrupts.take()
    cancelled = false
    var count: Int32 = 0
    let text = el_gets(editLine, &count)
    // Checked first: Ctrl-C on an empty line returns no text at all, which is not Ctrl-D.
    if cancelled {
      output.write("^C\n")
      return .interrupted
    }
    guard let text else {
      // A count of -1 is a read error, not the end: a SIGINT that arrives before libedit owns
      // the terminal (while it waits for the last answer to drain) interrupts its read.
      if Interrupts.take() || count < 0 {
        output.write("^C\n")
        el_reset(editLine)
        return .interrupted
      }
      return .end
    }
    var line = String(cString: text)
    if line.hasSuffix("\n") { line.removeLast() }
    return .line(line)
  }

  func remember(_ line: String) {
    _ = ge_history_enter(history, &event, line)
    guard line != lastRemembered else { return }
    lastRemembered = line
    historyFile?.append(line, secrets: secrets())
  }

  /// Completes the word before the cursor: inserts the only candidate, or the longest common
  /// prefix, or lists the candidates.
  private func complete() -> UInt8 {
    guard let completer, let info = el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
    let length = info.cursor - info.buffer
    let before = String(
      decoding: UnsafeRawBufferPointer(start: info.buffer, count: length), as: UTF8.self)
    let completion = completer(before)
    guard let insertion = completion.insertion else {
      guard completion.candidates.count > 1 else { return UInt8(CC_REFRESH_BEEP) }
      let columns = TerminalSize.columns() ?? 80
      output.write("\n" + completion.listing(width: columns))
      return UInt8(CC_REDISPLAY)
    }
    _ = el_insertstr(editLine, insertion)
    return UInt8(CC_REFRESH)
  }

  /// `setlocale(LC_CTYPE, "")`, falling back to `C.UTF-8`: without a UTF-8 locale libedit
  /// drops non-ASCII input.
  static func setLocale() {
    let current = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
    if current == "C" || current == "POSIX" || !current.uppercased().contains("UTF") {
      _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
  }
}
