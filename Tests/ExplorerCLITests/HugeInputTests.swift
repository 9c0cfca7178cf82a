import Foundation
import GraphTestSupport
import Testing

/// A cassette larger than memory, broken at its start (issue 31: a 40 GiB sparse file broken at
/// byte 47 made every reader try to allocate 42,949,672,992 bytes and abort): each reader
/// fails at the first bad byte with a one-line error, in well under a second of work.
@Suite struct HugeInputTests {
  static let size: off_t = 40 << 30

  /// A sparse file of 40 GiB whose first bytes are `head` (only those take disk space).
  static func sparse(_ head: String, in scratch: ScratchDirectory, name: String) throws -> String {
    let path = scratch.file(name)
    #expect(FileManager.default.createFile(atPath: path, contents: Data(head.utf8)))
    try #require(truncate(path, size) == 0, "the scratch folder cannot hold a sparse file")
    return path
  }

  @Test func everyReaderFailsAtTheFirstBadByteOfASparseFileLargerThanMemory() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let memory = off_t(ProcessInfo.processInfo.physicalMemory)
    #expect(Self.size > memory, "the file is larger than this machine's memory")
    let binary = try #require(ServeProcess.executable("graph-explorer")).path
    let vcrpy = try Self.sparse(
      #"{"interactions": [{"request": {"method": "GET", !!! bad"#, in: scratch, name: "big.json")
    let native = try Self.sparse(
      "{\n  \"graph_explorer_cassette\": 1, !!", in: scratch, name: "native.json")
    let runs: [([String], String)] = [
      (["import", vcrpy, "-o", scratch.file("out.json")], "line 1, column 49"),
      (["import", native, "--from", "native", "-o", scratch.file("out2.json")], "2:33"),
      (["verify", vcrpy], "1:49"),
      (["verify", native], "2:33"),
      (["audit", vcrpy], "line 1, column 49"),
      // Issue 44: `doctor` copied the file whole first.
      (["doctor", vcrpy], "line 1, column 49"),
      (["doctor", native], "2:33"),
      (["export", native, "-o", scratch.file("o.har"), "--format", "har"], "2:33"),
      (["--replay", native, "-c", "exit"], "2:33"),
      (["serve", "--port", "0", "--replay", native], "2:33"),
    ]
    for (arguments, place) in runs {
      let started = Date()
      let run = try await runProgram(binary, arguments)
      let seconds = Date().timeIntervalSince(started)
      #expect(run.status == 2, "\(arguments): \(run.status) \(run.error)")
      #expect(run.error.contains(place) && run.error.contains("not JSON"), "\(run.error)")
      #expect(!run.error.contains("allocate"), "\(run.error)")
      #expect(run.error.split(separator: "\n").count <= 2, "\(run.error)")
      // Reading 40 GiB (even of holes) takes minutes; failing at byte 47 takes a moment.
      #expect(seconds < 20, "\(arguments) took \(seconds) s")
    }
  }

  /// `fmt` and `diff` map a regular file instead of reading it whole (issue 48): a 40 GiB
  /// sparse file broken at byte 49 fails there at once (before, `fmt` and `diff` tried to read
  /// all of it into memory and said only that it "cannot be read").
  @Test func fmtAndDiffFailAtTheFirstBadByteOfASparseFileLargerThanMemory() async throws {
    let scratch = ScratchDirectory()
    defer { scratch.remove() }
    let binary = try #require(ServeProcess.executable("graph-explorer")).path
    let big = try Self.sparse(
      #"{"interactions": [{"request": {"method": "GET", !!! bad"#, in: scratch, name: "big.json")
    let small = scratch.file("small.json")
    #expect(FileManager.default.createFile(atPath: small, contents: Data("{}".utf8)))
    let runs: [([String], String)] = [
      (["fmt", big], "\(big):1:49: "),
      (["diff", small, big], "line 1, column 49"),
      (["diff", big, small], "line 1, column 49"),
    ]
    for (arguments, place) in runs {
      let started = Date()
      let run = try await runProgram(binary, arguments)
      let seconds = Date().timeIntervalSince(started)
      #expect(run.status == 2, "\(arguments): \(run.status) \(run.error)")
      #expect(run.error.contains(place), "\(arguments): \(run.error)")
      #expect(run.output.isEmpty, "\(arguments): \(run.output.prefix(200))")
      #expect(run.error.split(separator: "\n").count == 1, "\(run.error)")
      #expect(seconds < 20, "\(arguments) took \(seconds) s")
    }
  }
}
