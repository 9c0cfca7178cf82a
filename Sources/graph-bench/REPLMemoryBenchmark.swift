import Foundation

/// `graph-bench repl-memory`: the REPL's peak memory and CPU per line for scripts of growing
/// length (issue 32: a 1,000,000-line script under 100 MB). The release `graph-explorer` reads
/// the script from standard input; the history keeps its newest exchanges within a budget, so
/// the peak should not grow with the script.
enum REPLMemoryBenchmark {
  static let summary = "peak memory of the REPL running 10k, 100k and 1M-line scripts"

  static func run(_ arguments: [String]) async -> Int32 {
    var sizes = [10_000, 100_000, 1_000_000]
    if let given = arguments.first {
      let parsed = given.split(separator: ",").compactMap { Int($0) }
      guard !parsed.isEmpty, arguments.count == 1 else {
        fail(
          "usage: graph-bench repl-memory [N,N,...]   (lines per script; default 10000,100000,1000000)"
        )
        return 2
      }
      sizes = parsed
    }
    guard let explorer = BenchBinaries.requireGraphExplorer() else { return 2 }
    let script = FileManager.default.temporaryDirectory
      .appendingPathComponent("graph-bench-repl-\(getpid()).txt").path
    defer { unlink(script) }
    // Reads of a node, an edge page and a field selection, in turn: every line an exchange.
    let lines = [
      "GET me?fields=id,name\n", "GET me/friends?limit=5\n",
      "GET me?fields=friends.limit(2){name}\n",
    ]
    var rows: [[String]] = [["lines", "peak RSS", "CPU", "CPU per line", "wall", "exit"]]
    for size in sizes {
      guard let handle = FileHandle(forWritingAtPath: script) ?? create(script) else {
        fail("cannot write \(script)")
        return 1
      }
      var chunk = ""
      for i in 0..<size {
        chunk += lines[i % lines.count]
        if chunk.utf8.count > 1 << 20 {
          handle.write(Data(chunk.utf8))
          chunk = ""
        }
      }
      handle.write(Data(chunk.utf8))
      try? handle.truncate(atOffset: handle.offsetInFile)
      try? handle.close()
      guard
        let run = ChildRun.spawn(["/bin/sh", "-c", "exec \"$0\" < \"$1\"", explorer, script])
      else { return 1 }
      rows.append([
        "\(size)", String(format: "%.1f MB", Double(run.maxRSS) / 1_048_576),
        String(format: "%.2f s", run.cpu),
        String(format: "%.1f µs", run.cpu / Double(size) * 1e6),
        String(format: "%.2f s", run.seconds), "\(run.status)",
      ])
    }
    printTable(rows)
    return 0
  }

  private static func create(_ path: String) -> FileHandle? {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    return FileHandle(forWritingAtPath: path)
  }
}
