import Foundation

/// Runs `| shell command`: the command gets the output on standard input; what it prints goes
/// to the console.
enum ShellPipe {
  /// Runs `command` with `/bin/sh -c`, feeding it `input`.
  /// - Throws: `.failed` when it cannot start or exits non-zero.
  static func run(_ command: String, input: String, console: any Console) throws(ExplorerError) {
    let directory = FileManager.default.temporaryDirectory
    let stdinURL = directory.appendingPathComponent("graph-explorer-pipe-\(UUID().uuidString)")
    let stderrURL = directory.appendingPathComponent("graph-explorer-pipe-\(UUID().uuidString)")
    defer {
      try? FileManager.default.removeItem(at: stdinURL)
      try? FileManager.default.removeItem(at: stderrURL)
    }
    guard FileManager.default.createFile(atPath: stdinURL.path, contents: Data(input.utf8)),
      FileManager.default.createFile(atPath: stderrURL.path, contents: nil),
      let stdinHandle = FileHandle(forReadingAtPath: stdinURL.path),
      let stderrHandle = FileHandle(forWritingAtPath: stderrURL.path)
    else { throw .failed("cannot create the temporary files for '| \(command)'") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.standardInput = stdinHandle
    process.standardError = stderrHandle
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw .failed("cannot run '\(command)': \(error.localizedDescription)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try? stdinHandle.close()
    try? stderrHandle.close()
    console.write(String(decoding: data, as: UTF8.self))
    if let errors = FileManager.default.contents(atPath: stderrURL.path), !errors.isEmpty {
      console.writeError(String(decoding: errors, as: UTF8.self))
    }
    guard process.terminationStatus == 0 else {
      throw .failed("'\(command)' exited with status \(process.terminationStatus)")
    }
  }
}
