import CEditLine
import Foundation

/// Ctrl-C in an interactive session. The REPL owns SIGINT: a handler (installed without
/// `SA_RESTART`) records each one, and what it means depends on the moment:
///
/// - while libedit reads a line, ISIG is off and Ctrl-C is a key that abandons the line
///   (`LineEditor`); a SIGINT arriving between lines is dropped when the next line starts;
/// - while a command runs, `run(watching:_:)` cancels the command's task: the transport cancels
///   its request, `all` stops paging, printing stops at the next piece.
///
/// Every use of the C handler's flag is in this file: a `static` in a C header is one variable
/// per Swift file that touches it in a debug build, so the flag must be read where it is set.
enum Interrupts {
  /// Installs the REPL's SIGINT handler: from now on Ctrl-C never ends the process.
  static func install() {
    _ = ge_install_sigint_handler()
  }

  /// Whether a SIGINT arrived since the last call (and forgets it).
  static func take() -> Bool {
    ge_take_interrupt() != 0
  }

  /// Runs `operation` in its own task and waits for it; when `watching`, a SIGINT that arrives
  /// meanwhile cancels that task. A SIGINT from before the start is forgotten.
  static func run(
    watching: Bool, _ operation: @escaping @Sendable () async -> Void
  ) async {
    guard watching else {
      await operation()
      return
    }
    _ = take()
    let task = Task { await operation() }
    // The watcher is a thread of its own, not a task: a command that keeps the cooperative
    // pool's threads busy (printing a long answer) must not keep Ctrl-C from reaching it.
    let watcher = Watcher { task.cancel() }
    await task.value
    watcher.stop()
  }

  /// Looks at the flag every 10 ms on its own thread until stopped; calls
  /// `onInterrupt` once for the first SIGINT.
  private final class Watcher: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    init(onInterrupt: @escaping @Sendable () -> Void) {
      let thread = Thread { [self] in
        while !isStopped {
          if take() {
            onInterrupt()
            return
          }
          Thread.sleep(forTimeInterval: 0.01)
        }
      }
      thread.start()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    func stop() { lock.withLock { stopped = true } }
  }

  /// Drops what was written to the terminal and not yet shown (after printing stopped).
  static func discardPendingOutput() {
    _ = tcflush(STDOUT_FILENO, TCOFLUSH)
  }
}
