import Foundation

/// Waiting for the program's line editor rather than for a fixed time: keys typed while the
/// terminal is still in cooked mode are handled by the kernel (Ctrl-C becomes SIGINT, Ctrl-D an
/// end of file), not by the editor, so tests type only once the editor owns the terminal.
extension PseudoTerminal {
  /// The terminal's local modes (`termios.c_lflag`) as the program last set them, or `nil`
  /// where they cannot be read (no `/proc`, or the program has exited).
  public var localModes: tcflag_t? {
    let fd = open("/proc/\(pid)/fd/0", O_RDONLY | O_NOCTTY | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var attributes = termios()
    guard tcgetattr(fd, &attributes) == 0 else { return nil }
    return attributes.c_lflag
  }

  /// Whether a line editor reads the keys: canonical mode and signal keys off. `nil` when the
  /// modes cannot be read.
  public var isEditingLine: Bool? {
    localModes.map { $0 & (tcflag_t(ICANON) | tcflag_t(ISIG)) == 0 }
  }

  /// Waits until the line editor owns the terminal (reading the output meanwhile), then lets
  /// `settle` pass. Where the modes cannot be read, only the settle time is waited.
  /// - Throws: `Failure.timeout` with what the terminal showed.
  public func waitForLineEditing(
    timeout: Duration = .seconds(30), settle: Duration = .milliseconds(50)
  ) throws {
    let deadline = ContinuousClock.now + timeout
    while isEditingLine == false {
      guard ContinuousClock.now < deadline else {
        throw Failure.timeout(waitingFor: "the line editor (raw mode)", output: output)
      }
      drain(for: .milliseconds(10))
    }
    drain(for: settle)
  }

  /// Reads until the output (since the last `clearOutput`) contains `text` after the first
  /// `marker`: e.g. the prompt drawn after `^C`, not one drawn before it.
  /// - Returns: the output so far.
  /// - Throws: `Failure.timeout` with what the terminal showed.
  @discardableResult
  public func waitFor(
    _ text: String, after marker: String, timeout: Duration = .seconds(30)
  ) throws -> String {
    try waitFor(marker, timeout: timeout)
    let deadline = ContinuousClock.now + timeout
    while true {
      let shown = output
      if let range = shown.range(of: marker), shown[range.upperBound...].contains(text) {
        return shown
      }
      guard ContinuousClock.now < deadline else {
        throw Failure.timeout(waitingFor: "\(text) after \(marker)", output: shown)
      }
      drain(for: .milliseconds(20))
    }
  }
}
