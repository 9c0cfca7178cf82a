import Foundation
import Testing

/// Runs Tests/Interop/jsonpatch_interop.py against the built `graph-explorer`: the patches it
/// prints, applied by the independent PyPI `jsonpatch` package, must turn A into B.
@Suite struct DiffInteropTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `graph-explorer` executable in the build products directory beside this test bundle.
  static func binary() -> URL? {
    var candidates: [URL] = []
    if let override = ProcessInfo.processInfo.environment["GRAPH_EXPLORER_BINARY"] {
      candidates.append(URL(fileURLWithPath: override))
    }
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = runner.deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(directory.appendingPathComponent("graph-explorer"))
      directory = directory.deletingLastPathComponent()
    }
    candidates.append(
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("graph-explorer"))
    candidates.append(packageRoot.appendingPathComponent(".build/debug/graph-explorer"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  static func python() -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map {
      URL(fileURLWithPath: String($0)).appendingPathComponent("python3")
    }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  @Test func jsonpatchAppliesOurPatches() throws {
    guard let binary = Self.binary() else {
      Issue.record("graph-explorer not found in the build products; run `swift build` first")
      return
    }
    guard let python = Self.python() else {
      Issue.record(
        "python3 not found on PATH; install it, then pip install -r Tests/requirements.txt")
      return
    }
    let process = Process()
    process.executableURL = python
    process.arguments = [
      Self.packageRoot.appendingPathComponent("Tests/Interop/jsonpatch_interop.py").path,
      binary.path,
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let errorText = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let outputText = String(
      decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus == 2 {
      Issue.record("\(errorText) (install with: pip install -r Tests/requirements.txt)")
      return
    }
    #expect(process.terminationStatus == 0, "\(outputText)\(errorText)")
    #expect(outputText.contains("150 of 150 pairs passed"))
  }
}
