import Foundation
import GraphTestSupport
import Testing

/// Cassettes read from a named pipe or a process substitution (issue 31: `verify` opened a
/// named pipe twice and waited forever; `import` and `audit` refused pipes with a bare "cannot
/// be read"): every reader reads the pipe once, to its end.
@Suite struct PipeInputTests {
  @Test func everyReaderReadsAPipeOnce() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let binary = try #require(ServeProcess.executable("graph-explorer")).path
    let cassette = scratch.file("c.json")
    let recorded = try await runProgram(binary, ["--record", cassette, "-c", "GET me?fields=id"])
    #expect(recorded.status == 0, "\(recorded.error)")
    let fifo = scratch.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let commands = [
      ("verify", "verify %@", "against the emulator"),
      ("import", "import %@ -o \(scratch.file("out-%d.json"))", "imported 1 interaction(s)"),
      ("audit", "audit %@", "no secrets in 1 file(s)"),
      (
        "export", "export %@ -o \(scratch.file("out-%d.har")) --format har",
        "exported 1 interaction"
      ),
      ("replay", "--replay %@ -c 'GET me?fields=id'", "100001000000001"),
    ]
    for (n, (name, template, expected)) in commands.enumerated() {
      let shaped = template.replacingOccurrences(of: "%d", with: "\(n)")
      // A named pipe, written once by `cat`, and a process substitution (`/dev/fd/N`).
      for source in ["FIFO", "<(cat \(cassette))"] {
        let input = source == "FIFO" ? fifo : source
        let writer = source == "FIFO" ? "cat \(cassette) > \(fifo) & " : ""
        let script =
          writer + "timeout 20 \(binary) "
          + shaped.replacingOccurrences(of: "%@", with: input).replacingOccurrences(
            of: "out-\(n)", with: "out-\(n)-\(source.count)")
        let run = try await runProgram("/bin/bash", ["-c", script])
        #expect(run.status != 124, "\(name) from \(source) waited for a second reading")
        #expect(run.status == 0, "\(name) from \(source): \(run.status) \(run.error)")
        #expect(run.output.contains(expected), "\(name) from \(source): \(run.output)")
      }
    }
  }
}
