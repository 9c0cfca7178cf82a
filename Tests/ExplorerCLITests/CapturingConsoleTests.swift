import ExplorerCLI
import Foundation
import GraphTestSupport
import Testing

@Suite struct CapturingConsoleTests {
  @Test func recordsOutputAndErrorsSeparately() {
    let console = CapturingConsole()
    console.write("a")
    console.line("b")
    console.writeError("c")
    console.errorLine("d")
    #expect(console.output == "ab\n")
    #expect(console.errors == "cd\n")
    console.clear()
    #expect(console.output == "" && console.errors == "")
  }

  @Test func servesLinesThenTheRest() {
    let console = CapturingConsole(input: "first\r\nsecond\n\nthird")
    #expect(console.readLine() == "first")
    #expect(console.readLine() == "second")
    #expect(console.readLine() == "")
    #expect(console.readAll() == Array("third".utf8))
    #expect(console.readLine() == nil)
    #expect(console.readAll() == [])
  }

  @Test func reportsTerminalFlagsAndEnvironmentAsGiven() {
    let console = CapturingConsole(
      isOutputTerminal: true, isInputTerminal: false, environment: ["NO_COLOR": "1"])
    #expect(console.isOutputTerminal)
    #expect(!console.isInputTerminal)
    #expect(console.environment["NO_COLOR"] == "1")
    #expect(!CapturingConsole().isOutputTerminal)
  }
}

@Suite struct ConsoleBytesTests {
  @Test func capturesBytesExactlyEvenWhenACharacterIsSplitBetweenWrites() {
    let console = CapturingConsole()
    let text = Array("é→ok".utf8)
    text[..<1].withUnsafeBytes { console.write(bytes: $0) }
    console.write(bytes: text[1...])
    console.write("!")
    #expect(console.outputBytes == text + [UInt8(ascii: "!")])
    #expect(console.output == "é→ok!")
  }

  /// A console that only implements the text requirement: bytes reach it as UTF-8 text.
  final class TextOnlyConsole: Console, @unchecked Sendable {
    var written: [String] = []
    func write(_ text: String) { written.append(text) }
    func writeError(_ text: String) {}
    var isOutputTerminal: Bool { false }
    var isInputTerminal: Bool { false }
    var environment: [String: String] { [:] }
    func readLine() -> String? { nil }
    func readAll() -> [UInt8] { [] }
  }

  /// A console that also writes bytes, keeping them apart from text.
  final class ByteConsole: Console, @unchecked Sendable {
    var written: [String] = []
    var bytes: [UInt8] = []
    var input: [UInt8] = []
    func write(_ text: String) { written.append(text) }
    func write(bytes chunk: UnsafeRawBufferPointer) { bytes += chunk }
    func writeError(_ text: String) {}
    var isOutputTerminal: Bool { false }
    var isInputTerminal: Bool { false }
    var environment: [String: String] { [:] }
    func readLine() -> String? { nil }
    func readAll() -> [UInt8] { input }
  }

  @Test func theDefaultWritesBytesAsText() {
    let console = TextOnlyConsole()
    console.write(bytes: Array("{\"a\":1}".utf8))
    #expect(console.written == ["{\"a\":1}"])
  }

  @Test func fmtWritesThroughTheByteOutput() async {
    let console = ByteConsole()
    console.input = Array(#"{"b":[1,2],"a":"é"}"#.utf8)
    let status = await GraphExplorer.main(arguments: ["fmt", "-"], console: console)
    #expect(status == .success)
    #expect(console.written == [])
    #expect(console.bytes == Array("{\n  \"b\": [\n    1,\n    2\n  ],\n  \"a\": \"é\"\n}\n".utf8))
  }
}
