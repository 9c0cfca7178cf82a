import Foundation

/// `graph-bench recording`: what recording costs a REPL session. The release `graph-explorer`
/// reads N request lines from a file on its standard input (the emulator answers), once
/// plainly and once with `--record FILE`, interleaved round by round so the machine's load
/// falls on both alike; CPU time (user + system, from `wait4`) beside wall time, and the ratio
/// of each to the plain run's.
enum RecordingBenchmark {
  static let summary = "a REPL session of N requests recorded (--record) vs not recorded"

  static func run(_ arguments: [String]) async -> Int32 {
    guard let parsed = BenchArguments(arguments, options: ["--requests", "--rounds"]),
      parsed.numbers.isEmpty, let requests = parsed.count("--requests", default: 800),
      let rounds = parsed.count("--rounds", default: 5)
    else {
      fail("usage: graph-bench recording [--requests N] [--rounds N]")
      return 2
    }
    guard let explorer = BenchBinaries.requireGraphExplorer() else { return 2 }
    let dir = NSTemporaryDirectory() + "graph-bench-recording-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let script = dir + "/requests.txt"
    let lines = (0..<requests).map { "GET me?fields=id,name&n=\($0)\n" }.joined()
    guard FileManager.default.createFile(atPath: script, contents: Data(lines.utf8)) else {
      fail("cannot write \(script)")
      return 2
    }
    var plain: [(cpu: Double, wall: Double)] = []
    var recorded: [(cpu: Double, wall: Double)] = []
    for round in 0..<rounds {
      if let run = measure([explorer], input: script) { plain.append(run) }
      let cassette = dir + "/round-\(round).json"
      if let run = measure([explorer, "--record", cassette], input: script) {
        recorded.append(run)
      }
      unlink(cassette)
    }
    guard !plain.isEmpty, !recorded.isEmpty else {
      fail("graph-explorer did not run")
      return 1
    }
    let plainCPU = median(plain.map(\.cpu))
    let plainWall = median(plain.map(\.wall))
    var rows = [["session of \(requests) requests", "CPU s", "wall s", "CPU ×", "wall ×", "runs"]]
    for (name, runs) in [("not recorded", plain), ("recorded (--record)", recorded)] {
      let cpu = median(runs.map(\.cpu))
      let wall = median(runs.map(\.wall))
      rows.append([
        name, String(format: "%.3f", cpu), String(format: "%.3f", wall),
        String(format: "%.2f", cpu / plainCPU), String(format: "%.2f", wall / plainWall),
        "\(runs.count)",
      ])
    }
    print("recording: medians of \(rounds) interleaved rounds (release build for real figures)")
    printTable(rows)
    return 0
  }

  /// Runs `command` with `input` as its standard input: CPU and wall seconds, or nil when it
  /// could not run or failed.
  private static func measure(_ command: [String], input: String) -> (cpu: Double, wall: Double)? {
    guard let run = ChildRun.spawn(command, input: input), run.status == 0 else { return nil }
    return (run.cpu, run.seconds)
  }
}
