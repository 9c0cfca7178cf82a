import Foundation
import GraphJSON
import GraphTestSupport
import Testing

/// `graph-explorer fmt` as a real process: standard output written straight to file
/// descriptor 1, colour decided by whether it is a terminal.
@Suite struct FmtProcessTests {
  static let binary = PseudoTerminal.builtProduct("graph-explorer")

  /// Runs the binary with pipes; returns exit status, stdout and stderr.
  func run(_ arguments: [String], input: String = "") throws -> (Int32, [UInt8], String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin"]
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, [UInt8](output), String(decoding: errors, as: UTF8.self))
  }

  @Test func printsValidFilesExactlyAndRejectsInvalidOnes() throws {
    for testCase in JSONTestSuite.cases("y_").prefix(20) {
      let (status, output, errors) = try run(["fmt", testCase.path])
      #expect(status == 0)
      #expect(errors == "")
      let expected = JSONPrinter(options: [.pretty]).bytes(try JSONParser.parse(testCase.bytes))
      #expect(output == expected + [0x0A], "\(testCase.name)")
    }
    for testCase in JSONTestSuite.cases("n_").prefix(20) {
      let (status, output, errors) = try run(["fmt", testCase.path])
      #expect(status == 2)
      #expect(output.isEmpty)
      #expect(errors.hasPrefix(testCase.path + ":"))
    }
  }

  @Test func readsStandardInputWithoutColourOnAPipe() throws {
    let (status, output, _) = try run(["fmt"], input: #"{"a":[1.10,"é"]}"#)
    #expect(status == 0)
    #expect(
      String(decoding: output, as: UTF8.self) == "{\n  \"a\": [\n    1.10,\n    \"é\"\n  ]\n}\n")
  }

  @Test func coloursOnATerminalUnlessNoColor() throws {
    let file = try #require(JSONTestSuite.cases("y_").first { $0.name == "y_object_simple.json" })
    let terminal = try PseudoTerminal(
      executable: Self.binary, arguments: ["fmt", file.path], environment: ["TERM": "xterm"])
    #expect(try terminal.waitForExit() == 0)
    #expect(terminal.output.contains("\u{1B}[34;1m\"a\"\u{1B}[0m"))
    let plain = try PseudoTerminal(
      executable: Self.binary, arguments: ["fmt", file.path],
      environment: ["TERM": "xterm", "NO_COLOR": "1"])
    #expect(try plain.waitForExit() == 0)
    #expect(!plain.output.contains("\u{1B}["))
    #expect(plain.output.contains("\"a\": []"))
  }
}
