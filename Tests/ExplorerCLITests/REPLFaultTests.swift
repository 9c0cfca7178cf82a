import ExplorerCLI
import Foundation
import GraphTestSupport
import Testing

/// The REPL against a misbehaving server (`FaultServer`): each fault gets a one-line message on
/// standard error or its answer shown with its status, and the next line of the script still
/// runs. (A stall is FaultInjectionTests' business: the REPL waits its 60 s timeout.)
@Suite(.timeLimit(.minutes(2))) struct REPLFaultTests {
  static let me = #"{"id":"4","name":"Mark Zuckerberg"}"#

  @Test func everyFaultIsReportedAndTheSessionGoesOn() async throws {
    let faults: [String: Fault] = [
      "reset": .cutJSON(Self.me, reset: true), "close": .close,
      "html": .html(status: 200), "truncated": .truncatedJSON(Self.me),
      "gzip": .gzipJSON(Self.me), "e500": .graphServerError(status: 500),
      "e502": .html(status: 502), "e503": .graphServerError(status: 503),
    ]
    let server = try FaultServer { request in
      let path = request.url.split(separator: "?")[0].dropFirst()
      return faults[String(path)] ?? .json(Self.me)
    }
    defer { server.stop() }
    let refused = try FaultServer.refusedPort()
    var lines = ["target \(server.baseURL)", "token EAABfaulttoken123"]
    for name in faults.keys.sorted() { lines += ["GET \(name)", "GET me"] }
    lines += ["target \(refused.baseURL)", "GET me", "target \(server.baseURL)", "GET me"]
    let console = CapturingConsole()
    let status = await GraphExplorer.main(
      arguments: lines.flatMap { ["-c", $0] }, console: console)
    #expect(status == .failure)  // some lines failed

    // Every `GET me` after a fault was answered.
    let answered = console.output.components(separatedBy: "Mark Zuckerberg").count - 1
    #expect(answered >= faults.count + 1, "\(console.output)")
    // Failures without an answer: one line each, naming the host.
    let errors = console.errors.split(separator: "\n").filter { $0.contains("127.0.0.1") }
    #expect(errors.contains { $0.contains("Connection reset by peer") || $0.contains("reset") })
    #expect(errors.contains { $0.contains("connection refused by 127.0.0.1:\(refused.port)") })
    // Answers that came back are shown with their status.
    for expected in ["HTTP 500", "HTTP 502", "HTTP 503", "<!DOCTYPE html>", "Mark Zuckerberg"] {
      #expect(console.output.contains(expected), "\(expected)")
    }
    // Answers that should have been JSON and are not say so, with where the text went wrong.
    #expect(console.output.contains("not JSON (text/html"), "\(console.output)")
    #expect(console.output.contains("found end of input"), "the truncated body")
    #expect(!console.output.contains("EAABfaulttoken123"))
    #expect(!console.errors.contains("EAABfaulttoken123"))
  }
}
