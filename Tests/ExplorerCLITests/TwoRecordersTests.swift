import Foundation
import GraphTestSupport
import Testing

/// Two recorders into one cassette, in two processes (issue 31: two REPLs both exited 0 and
/// the file kept one session's answers): the second is refused at once with one line, whichever
/// recorder (REPL `--record`, REPL `record`, `serve --record`) holds the file.
@Suite struct TwoRecordersTests {
  /// A REPL recording into `file`, its standard input held open until `finish`.
  final class OpenREPL: @unchecked Sendable {
    let process = Process()
    let input = Pipe()
    let output = Pipe()

    init(_ arguments: [String], in scratch: ScratchDirectory) throws {
      let binary = try #require(ServeProcess.executable("graph-explorer"))
      process.executableURL = binary
      process.arguments = arguments
      process.currentDirectoryURL = URL(fileURLWithPath: scratch.path)
      process.standardInput = input
      process.standardOutput = output
      process.standardError = output
      try process.run()
    }

    func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

    /// Closes standard input and waits for the exit status and output.
    func finish() -> (Int32, String) {
      try? input.fileHandleForWriting.close()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, text)
    }
  }

  @Test func aSecondREPLRecordingTheSameFileIsRefused() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("c.json")
    let first = try OpenREPL(["--record", file], in: scratch)
    // The first holds the lock from its start, before anything is recorded.
    let lock = scratch.file(".c.json.lock")
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: lock) {
      try await Task.sleep(for: .milliseconds(50))
    }
    let binary = try #require(ServeProcess.executable("graph-explorer")).path
    let second = try await runProgram(binary, ["--record", file, "-c", "GET me?fields=name"])
    #expect(second.status == 2)
    let refusal = "\(file): cannot record to: another recorder (process "
    #expect(second.error.contains(refusal), "\(second.error)")
    #expect(second.error.split(separator: "\n").count == 1, "\(second.error)")
    // The REPL's `record` command is refused the same way.
    let later = try await runProgram(binary, ["-c", "record \(file) all"])
    #expect(later.error.contains(refusal) || later.output.contains(refusal), "\(later.error)")
    first.send("GET me?fields=id")
    first.send("GET me?fields=name")
    let (status, _) = first.finish()
    #expect(status == 0)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("fields=id") && text.contains("fields=name"), "the first keeps both")
  }

  @Test func aREPLCannotRecordWhatServeIsRecording() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.file("served.json")
    let server = try await ServeProcess.launch(
      ["--record", file, "--upstream", "http://127.0.0.1:9"])
    let binary = try #require(ServeProcess.executable("graph-explorer")).path
    let repl = try await runProgram(binary, ["--record", file, "-c", "GET me"])
    #expect(repl.status == 2)
    #expect(repl.error.contains("another recorder (process "), "\(repl.error)")
    #expect(await server.terminate() == 0)
  }
}
