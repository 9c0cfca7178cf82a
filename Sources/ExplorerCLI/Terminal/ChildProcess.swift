import Foundation

/// Starts a program with posix_spawn and waits for it with waitpid, without Foundation's
/// Process (whose exit monitoring needs a run loop the REPL does not spin). Pipes are created
/// close-on-exec so that no other child inherits them.
enum ChildProcess {
  /// How a child's standard stream is connected.
  enum Stream {
    /// The REPL's own stream.
    case inherit
    /// This file descriptor (dup'ed into place in the child).
    case descriptor(Int32)
  }

  /// Runs `/bin/sh -c command`-style `arguments` (looked up in PATH) with its streams
  /// connected as given; returns the pid.
  /// - Throws: `.failed` when it cannot start.
  static func spawn(
    _ arguments: [String], stdin: Stream = .inherit, stdout: Stream = .inherit,
    stderr: Stream = .inherit
  ) throws(ExplorerError) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (stream, target) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
      if case .descriptor(let fd) = stream {
        posix_spawn_file_actions_adddup2(&actions, fd, target)
      }
    }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
    guard status == 0 else {
      throw .failed("cannot run \(arguments[0]): \(String(cString: strerror(status)))")
    }
    return pid
  }

  /// Waits for `pid`; returns its exit status (128 + n when killed by signal n).
  static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// A close-on-exec pipe: (read end, write end).
  static func pipe() throws(ExplorerError) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard Foundation.pipe(&fds) == 0 else {
      throw .failed("cannot create a pipe: \(String(cString: strerror(errno)))")
    }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
  }

  /// Writes all of `bytes` to `fd`; stops quietly when the reader has gone (EPIPE).
  static func writeAll(_ bytes: [UInt8], to fd: Int32) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
      if n > 0 {
        offset += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }

  /// Reads `fd` to its end.
  static func readAll(_ fd: Int32) -> [UInt8] {
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n > 0 {
        out += chunk[..<n]
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        return out
      }
    }
  }
}
