import Foundation

/// Runs `| shell command`: the command gets the output on standard input; what it prints goes
/// to the console.
enum ShellPipe {
  /// Runs `command` with `/bin/sh -c`, feeding it `input`.
  /// - Throws: `.failed` when it cannot start or exits non-zero.
  static func run(_ command: String, input: String, console: any Console) throws(ExplorerError) {
    // Input comes from a file, so that a command that does not read it cannot block us.
    let inputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("graph-explorer-pipe-\(UUID().uuidString)").path
    guard FileManager.default.createFile(atPath: inputPath, contents: Data(input.utf8)) else {
      throw .failed("cannot create the temporary file for '| \(command)'")
    }
    defer { unlink(inputPath) }
    let inputFD = open(inputPath, O_RDONLY | O_CLOEXEC)
    guard inputFD >= 0 else { throw .failed("cannot read back the input of '| \(command)'") }
    defer { close(inputFD) }
    let output = try ChildProcess.pipe()
    let errors = try ChildProcess.pipe()
    let pid: pid_t
    do {
      pid = try ChildProcess.spawn(
        ["/bin/sh", "-c", command], stdin: .descriptor(inputFD),
        stdout: .descriptor(output.write), stderr: .descriptor(errors.write))
    } catch {
      [output.read, output.write, errors.read, errors.write].forEach { close($0) }
      throw error
    }
    close(output.write)
    close(errors.write)
    // Standard error is read on another thread so that neither pipe can fill up and block.
    let errorText = ErrorCollector(fd: errors.read)
    let text = ChildProcess.readAll(output.read)
    close(output.read)
    let status = ChildProcess.wait(pid)
    let errorBytes = errorText.finish()
    console.write(String(decoding: text, as: UTF8.self))
    if !errorBytes.isEmpty { console.writeError(String(decoding: errorBytes, as: UTF8.self)) }
    guard status == 0 else { throw .failed("'\(command)' exited with status \(status)") }
  }
}

/// Reads a file descriptor to its end on its own thread.
private final class ErrorCollector: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var bytes: [UInt8] = []

  init(fd: Int32) {
    let thread = Thread { [self] in
      bytes = ChildProcess.readAll(fd)
      close(fd)
      done.signal()
    }
    thread.start()
  }

  /// Waits for the end of the stream and returns what was read.
  func finish() -> [UInt8] {
    done.wait()
    return bytes
  }
}
