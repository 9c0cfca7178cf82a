import CSystem
import Foundation
import Synchronization

/// Set by the SIGINT handler, taken by the REPL: one flag for the whole process (a Swift global,
/// not a C `static`, which an optimised build would copy into every object file).
private let interruptFlag = Atomic<Int>(0)

/// Ctrl-C in an interactive session. The REPL owns SIGINT: a handler (installed without
/// `SA_RESTART`) records each one, and what it means depends on the moment:
///
/// - while libedit reads a line, ISIG is off and Ctrl-C is a key that abandons the line
///   (`LineEditor`); a SIGINT arriving between lines is dropped when the next line starts;
/// - while a command runs, `run(watching:_:)` cancels the command's task: the transport cancels
///   its request, `all` stops paging, printing stops at the next piece.
///
/// The flag is a Swift atomic set by a `@convention(c)` handler: storing to an initialised
/// atomic is async-signal-safe.
enum Interrupts {
  /// Installs the REPL's SIGINT handler: from now on Ctrl-C never ends the process.
  static func install() {
    interruptFlag.store(0, ordering: .relaxed)  // initialised before the handler can run
    _ = ge_install_sigint_handler { _ in interruptFlag.store(1, ordering: .relaxed) }
  }

  /// Whether a SIGINT arrived since the last call (and forgets it).
  static func take() -> Bool {
    interruptFlag.exchange(0, ordering: .relaxed) != 0
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
  private final class Watcher: Sendable {
    private let stopped = Atomic<Bool>(false)

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

    private var isStopped: Bool { stopped.load(ordering: .acquiring) }

    func stop() { stopped.store(true, ordering: .releasing) }
  }

  /// Drops what was written to the terminal and not yet shown (after printing stopped).
  static func discardPendingOutput() {
    _ = tcflush(STDOUT_FILENO, TCOFLUSH)
  }
}
