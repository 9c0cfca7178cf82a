import Foundation
import GraphCassette
import GraphTestSupport
import Testing

/// `set max-answer-bytes SIZE` typed at the built `graph-explorer`'s prompt, on a
/// pseudo-terminal, against a loopback server answering 2 MiB of zeros gzip: the default limit
/// (64 MiB) shows it, after `set max-answer-bytes 1M` the same request fails in one line naming
/// 1 MiB, and a bad size is a clear error; the session goes on.
@Suite(.serialized, .timeLimit(.minutes(2))) struct AnswerLimitInteractiveTests {
  @Test func theLimitIsSetAtThePrompt() throws {
    let zeros = GzipBomb.zeros(repeats: 8200)
    let server = try FaultServer { request in
      request.url.hasPrefix("/zeros")
        ? .answer(
          status: 200, headers: [("Content-Type", "text/plain"), ("Content-Encoding", "gzip")],
          body: zeros)
        : .json(#"{"id":"4","name":"Mark Zuckerberg"}"#)
    }
    defer { server.stop() }
    let home = try InteractiveTests.Home()
    let terminal = try PseudoTerminal(
      executable: InteractiveTests.binary,
      arguments: ["--no-color", "--target", server.baseURL],
      environment: home.environment(), rows: 24, columns: 160)
    let prompt = "graph \(server.baseURL)> "
    try terminal.waitFor(prompt)
    try terminal.waitForLineEditing()
    func submit(_ line: String) throws -> String {
      try InteractiveTests.submit(line, on: terminal, prompt: prompt)
    }
    _ = try submit("set pager off")
    let whole = try submit("GET zeros > /dev/null")
    #expect(whole.contains("HTTP 200"), "\(whole)")
    let set = try submit("set max-answer-bytes 1M")
    #expect(set.contains("max-answer-bytes 1 MiB"), "\(set)")
    let refused = try submit("GET zeros > /dev/null")
    #expect(
      refused.contains(
        "the answer from 127.0.0.1 is larger than 1 MiB once decoded (the limit on answers); reading stopped there"
      ), "\(refused)")
    let bad = try submit("set max-answer-bytes lots")
    #expect(
      bad.contains(
        "set max-answer-bytes: 'lots' is not a size in bytes such as 1048576, 512K or 64M"),
      "\(bad)")
    let me = try submit("GET me")
    #expect(me.contains("Mark Zuckerberg"))
    try InteractiveTests.leave(terminal)
  }
}
