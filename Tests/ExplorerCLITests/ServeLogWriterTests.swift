import Foundation
import GraphServer
import GraphTestSupport
import Testing

@testable import ExplorerCLI

/// `serve --log FILE|-|off`: where the lines go, and that buffering loses none.
@Suite struct ServeLogWriterTests {
  static let entry = GraphServer.AccessLogEntry(
    method: "GET", target: "/v2.0/me?access_token=EAAB", status: 200, requestBytes: 0,
    responseBytes: 42, duration: .microseconds(1250))

  @Test(arguments: [
    (["--log", "-"], ServeLogWriter.Destination.standardOutput),
    (["--log=off"], .off),
    (["--log", "serve.log"], .file("serve.log")),
    ([], .standardError),
  ])
  func options(arguments: [String], destination: ServeLogWriter.Destination) throws {
    #expect(try ServeOptions(parsing: arguments).log == destination)
  }

  @Test func anEmptyLogIsAUsageError() {
    #expect(throws: ServeOptions.UsageError.self) { try ServeOptions(parsing: ["--log="]) }
  }

  @Test func linesAreBufferedUntilFlushed() throws {
    let console = CapturingConsole()
    let writer = try ServeLogWriter(.standardError, console: console)
    writer.record(Self.entry)
    #expect(console.errors.isEmpty)
    writer.flush()
    #expect(
      console.errors == "graph-explorer: GET /v2.0/me?access_token=*** 200 (42 bytes, 1.2 ms)\n")
  }

  @Test func aFileGetsEveryLineMaskedAndOffWritesNothing() throws {
    let scratch = ScratchDirectory("serve-log")
    defer { scratch.remove() }
    let console = CapturingConsole()
    let path = scratch.file("serve.log")
    do {
      let writer = try ServeLogWriter(.file(path), console: console)
      for _ in 0..<2_000 { writer.record(Self.entry) }
      writer.flush()
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 2_000)
    #expect(!text.contains("EAAB"))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let off = try ServeLogWriter(.off, console: console)
    off.record(Self.entry)
    off.flush()
    #expect(!off.isEnabled)
    #expect(console.errors.isEmpty && console.output.isEmpty)
  }

  @Test func aLogFileThatCannotBeOpenedIsAUsageError() {
    #expect(throws: ServeOptions.UsageError.self) {
      try ServeLogWriter(.file("/nonexistent-dir/serve.log"), console: CapturingConsole())
    }
  }
}
