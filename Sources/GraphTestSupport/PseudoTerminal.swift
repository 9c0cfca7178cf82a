import Foundation

/// Runs a program on a pseudo-terminal, as a person at a terminal would: the test types keys
/// and reads what the program draws. The child is a session leader with the terminal as its
/// controlling terminal, so Ctrl-C typed here reaches it as SIGINT.
public final class PseudoTerminal {
  /// Why the terminal could not do what it was asked.
  public enum Failure: Error, CustomStringConvertible {
    case spawn(String)
    case timeout(waitingFor: String, output: String)

    public var description: String {
      switch self {
      case .spawn(let reason): return "cannot start the program on a pty: \(reason)"
      case .timeout(let text, let output):
        return "timed out waiting for \(text.debugDescription); the terminal shows:\n\(output)"
      }
    }
  }

  private let master: Int32
  /// The child's process id.
  public let pid: pid_t
  private var buffer: [UInt8] = []
  private var exitStatus: Int32?

  /// Starts `executable` with `arguments` and exactly `environment` (plus the sanitizers'
  /// options of this process, so a sanitized test run configures its children the same way)
  /// on a new pty of `rows` × `columns`.
  public init(
    executable: String, arguments: [String] = [], environment: [String: String],
    rows: UInt16 = 24, columns: UInt16 = 80
  ) throws {
    // Everything the child needs is built before fork: after it, only exec.
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    var environment = environment
    let inherited = ProcessInfo.processInfo.environment
    for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"]
    where environment[name] == nil {
      environment[name] = inherited[name]
    }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    var master: Int32 = -1
    let pid = forkpty(&master, nil, nil, &size)
    if pid == 0 {
      execve(executable, argv, envp)
      _exit(127)
    }
    guard pid > 0 else { throw Failure.spawn(String(cString: strerror(errno))) }
    self.master = master
    self.pid = pid
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    // Keep the terminal out of processes other tests spawn meanwhile.
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
  }

  /// The path of an executable product built beside the running test bundle (`swift build
  /// --build-tests` builds them into the same folder).
  public static func builtProduct(_ name: String) -> String {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = runner.deletingLastPathComponent()
    // On Linux the runner is the .xctest executable; on macOS it is inside the bundle.
    while folder.path != "/" && folder.pathExtension == "xctest"
      || folder.lastPathComponent == "MacOS"
      || folder.lastPathComponent == "Contents"
    {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent(name).path
  }

  /// Everything the program has written so far, escape sequences included.
  public var output: String { String(decoding: buffer, as: UTF8.self) }

  /// Forgets the output read so far.
  public func clearOutput() { buffer.removeAll() }

  /// Types `text` (use `"\u{03}"` for Ctrl-C, `"\u{04}"` for Ctrl-D, `"\t"` for Tab).
  public func type(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes {
        Foundation.write(master, $0.baseAddress, $0.count)
      }
      if n > 0 {
        offset += n
      } else if errno != EAGAIN && errno != EINTR {
        return
      } else {
        usleep(1000)
      }
    }
  }

  /// Reads until the output (since the last `clearOutput`) contains `text`.
  /// - Returns: the output so far.
  /// - Throws: `Failure.timeout` with what the terminal showed.
  @discardableResult
  public func waitFor(_ text: String, timeout: Duration = .seconds(30)) throws -> String {
    let deadline = ContinuousClock.now + timeout
    while !output.contains(text) {
      guard ContinuousClock.now < deadline, pump(milliseconds: 50) else {
        throw Failure.timeout(waitingFor: text, output: output)
      }
    }
    return output
  }

  /// Reads whatever arrives for `duration`.
  public func drain(for duration: Duration) {
    let deadline = ContinuousClock.now + duration
    while ContinuousClock.now < deadline, pump(milliseconds: 20) {}
  }

  /// Waits for the program to exit and returns its exit status (128 + n for signal n).
  public func waitForExit(timeout: Duration = .seconds(30)) throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while true {
      _ = pump(milliseconds: 20)
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        drain(for: .milliseconds(50))
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        return code
      }
      guard ContinuousClock.now < deadline else {
        throw Failure.timeout(waitingFor: "exit", output: output)
      }
    }
  }

  /// Reads what is available within `milliseconds`; `false` once the terminal is closed.
  private func pump(milliseconds: Int32) -> Bool {
    var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&fds, 1, milliseconds)
    guard ready > 0 else { return ready == 0 || errno == EINTR }
    var chunk = [UInt8](repeating: 0, count: 4096)
    let n = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    if n > 0 {
      buffer += chunk[..<n]
      return true
    }
    return n < 0 && (errno == EAGAIN || errno == EINTR)
  }
}
