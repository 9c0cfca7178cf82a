import Foundation
import Testing

/// A `graph-explorer serve` process started from the build products (never built here), with
/// the URL it printed first and everything it logs.
final class ServeProcess: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let process = Process()
  /// The URL from the first stdout line.
  let url: String
  private let errorOutput = LockedText()
  private let standardOutput = LockedText()

  /// The built `name` executable: beside the test bundle, else in .build/debug.
  static func executable(_ name: String) -> URL? {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/.build/debug"),
    ].map { $0.appendingPathComponent(name) }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Starts `graph-explorer serve --port 0` (or another `subcommand` taking `--port`) plus
  /// `arguments` and waits (up to 30 s) for the line that names the URL.
  init(_ arguments: [String], subcommand: String = "serve") throws {
    guard let binary = Self.executable("graph-explorer") else {
      throw Failure(description: "graph-explorer is not built: run swift build first")
    }
    process.executableURL = binary
    process.arguments = [subcommand, "--port", "0"] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let firstLine = DispatchSemaphore(value: 0)
    let stdoutText = standardOutput
    Thread {
      var signalled = false
      while true {
        let data = out.fileHandleForReading.availableData
        if data.isEmpty { break }
        stdoutText.append(String(decoding: data, as: UTF8.self))
        if !signalled, stdoutText.value.contains("\n") {
          signalled = true
          firstLine.signal()
        }
      }
      if !signalled { firstLine.signal() }
    }.start()
    let stderrText = errorOutput
    Thread {
      while true {
        let data = err.fileHandleForReading.availableData
        if data.isEmpty { break }
        stderrText.append(String(decoding: data, as: UTF8.self))
      }
    }.start()
    guard firstLine.wait(timeout: .now() + 30) == .success,
      let line = standardOutput.value.split(separator: "\n").first,
      let at = line.range(of: " on http://")
    else {
      process.terminate()
      throw Failure(
        description:
          "serve printed no URL; stdout: \(standardOutput.value) stderr: \(errorOutput.value)")
    }
    firstOutputLine = String(line)
    url = String(line[line.index(at.lowerBound, offsetBy: 4)...])
  }

  /// Starts the process from a thread of its own, so waiting for it never holds one of the
  /// few threads Swift concurrency runs every test's tasks on.
  static func launch(_ arguments: [String], subcommand: String = "serve") async throws
    -> ServeProcess
  {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        do {
          continuation.resume(returning: try ServeProcess(arguments, subcommand: subcommand))
        } catch {
          continuation.resume(throwing: error)
        }
      }.start()
    }
  }

  /// `stop(signal:)` from a thread of its own.
  func terminate(signal: Int32 = SIGTERM) async -> Int32 {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: self.stop(signal: signal)) }.start()
    }
  }

  /// The first line the process printed.
  private(set) var firstOutputLine = ""

  /// What the process has written to stderr so far.
  var log: String { errorOutput.value }

  /// Sends `signal` and waits for the exit; returns the exit status. A server still running
  /// 30 s later is a failure of the test (and is killed), not a hung suite.
  func stop(signal: Int32 = SIGTERM) -> Int32 {
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(30)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning {
      Issue.record("serve did not stop within 30 s of signal \(signal)")
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    Thread.sleep(forTimeInterval: 0.05)  // let the readers take the last output
    return process.terminationStatus
  }

  deinit {
    if process.isRunning { process.terminate() }
  }
}

/// Text appended from one thread and read from another.
final class LockedText: @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""
  func append(_ more: String) { lock.withLock { text += more } }
  var value: String { lock.withLock { text } }
}

/// What a finished program left behind.
struct ProgramRun: Sendable {
  var status: Int32
  var bytes: [UInt8]
  var error: String
  var output: String { String(decoding: bytes, as: UTF8.self) }
}

/// Runs a program to completion (on its own thread) and returns its status and output;
/// `environment` replaces the inherited one when given.
func runProgram(_ path: String, _ arguments: [String], environment: [String: String]? = nil)
  async throws -> ProgramRun
{
  try await withCheckedThrowingContinuation { continuation in
    Thread {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = arguments
      if let environment { process.environment = environment }
      let out = Pipe()
      let err = Pipe()
      process.standardOutput = out
      process.standardError = err
      process.standardInput = FileHandle.nullDevice
      do {
        try process.run()
        let errorText = LockedText()
        let done = DispatchSemaphore(value: 0)
        Thread {
          let data = err.fileHandleForReading.readDataToEndOfFile()
          errorText.append(String(decoding: data, as: UTF8.self))
          done.signal()
        }.start()
        let output = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        done.wait()
        continuation.resume(
          returning: ProgramRun(
            status: process.terminationStatus, bytes: output, error: errorText.value))
      } catch {
        continuation.resume(throwing: error)
      }
    }.start()
  }
}
