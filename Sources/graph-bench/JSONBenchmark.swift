import Foundation
import GraphJSON

/// `graph-bench json [--size-mb 50] [--runs N] [--keep FILE]`: parse and pretty-print a
/// generated Graph-shaped document, in process and in a child process, side by side with
/// `jq .`. With `--keep` the document is written to FILE and left there.
enum JSONBenchmark {
  @MainActor static func run(_ arguments: [String]) async -> Int32 {
    var sizeMB = 50.0
    var runs = 3
    var keptPath: String?
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--size-mb": sizeMB = iterator.next().flatMap(Double.init) ?? -1
      case "--runs": runs = iterator.next().flatMap(Int.init) ?? -1
      case "--keep": keptPath = iterator.next()
      default:
        fail("graph-bench json: unknown option '\(argument)'")
        return 2
      }
    }
    guard sizeMB > 0, runs > 0 else {
      fail("usage: graph-bench json [--size-mb 50] [--runs N] [--keep FILE]")
      return 2
    }
    let path =
      keptPath
      ?? FileManager.default.temporaryDirectory
      .appendingPathComponent("graph-bench-json-\(getpid()).json").path
    defer { if keptPath == nil { unlink(path) } }
    var generator = GraphDocumentGenerator()
    let document = generator.document(bytes: Int(sizeMB * 1_000_000))
    guard FileManager.default.createFile(atPath: path, contents: Data(document)) else {
      fail("graph-bench json: cannot write \(path)")
      return 1
    }
    let megabytes = Double(document.count) / 1_000_000
    let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    // The real command, when it was built beside this binary.
    let explorer = URL(fileURLWithPath: executable).deletingLastPathComponent()
      .appendingPathComponent("graph-explorer").path
    let hasExplorer = FileManager.default.isExecutableFile(atPath: explorer)
    print(
      String(format: "graph-bench json: %.1f MB Graph-shaped document, %d runs", megabytes, runs))
    print("medians; MB = 10^6 bytes of input; CPU = user + system; RSS = peak resident memory")
    if !hasExplorer {
      print("(graph-explorer not built beside graph-bench: its row is skipped)")
    }
    if ChildRun.timePath == nil {
      print("(no /usr/bin/time: child RSS from wait4, which also counts this process's memory)")
    }
    print("")
    var table = Table(inputBytes: document.count)
    guard measureInProcess(document, runs: runs, into: &table) else {
      fail("graph-bench json: the generated document does not parse")
      return 1
    }
    let jqPath = ["/usr/bin/jq", "/usr/local/bin/jq"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    var fmt: [ChildRun] = []
    var format: [ChildRun] = []
    var tree: [ChildRun] = []
    var jq: [ChildRun] = []
    for _ in 0..<runs {
      if hasExplorer, let run = ChildRun.spawn([explorer, "fmt", path]) { fmt.append(run) }
      if let run = ChildRun.spawn([executable, "json-child", path, "--format"]) {
        format.append(run)
      }
      if let run = ChildRun.spawn([executable, "json-child", path]) { tree.append(run) }
      if let jqPath, let run = ChildRun.spawn([jqPath, ".", path]) { jq.append(run) }
    }
    table.add("graph-explorer fmt FILE", fmt)
    table.add("fmt path: graph-bench json-child FILE --format", format)
    table.add("tree: graph-bench json-child FILE", tree)
    table.add("jq . FILE", jq)
    printTable(table.rows)
    print("")
    guard !jq.isEmpty else {
      print("jq not found: no comparison")
      return 0
    }
    for (name, ours) in [("graph-explorer fmt", fmt), ("fmt path", format), ("tree", tree)]
    where !ours.isEmpty {
      let wall = median(jq.map(\.seconds)) / median(ours.map(\.seconds))
      let cpu = median(jq.map(\.cpu)) / median(ours.map(\.cpu))
      print(
        String(
          format: "%@ vs jq .: %.1f× the throughput by wall time, %.1f× by CPU time", name, wall,
          cpu))
    }
    return 0
  }

  /// Times parsing, parse + print and streaming formatting in this process.
  static func measureInProcess(_ document: [UInt8], runs: Int, into table: inout Table) -> Bool {
    let devNull = open("/dev/null", O_WRONLY)
    defer { close(devNull) }
    var parse: [(Double, Double)] = []
    var parsePrint: [(Double, Double)] = []
    var format: [(Double, Double)] = []
    for _ in 0..<runs {
      var wall = ContinuousClock.now
      var cpu = cpuSeconds()
      guard let value = try? JSONParser().parse(document) else { return false }
      let parsed = (seconds(since: wall), cpuSeconds() - cpu)
      parse.append(parsed)
      wall = ContinuousClock.now
      cpu = cpuSeconds()
      JSONPrinter(options: [.pretty]).write(value) { chunk in writeAll(devNull, chunk) }
      parsePrint.append((parsed.0 + seconds(since: wall), parsed.1 + cpuSeconds() - cpu))
      wall = ContinuousClock.now
      cpu = cpuSeconds()
      let formatted = document.withUnsafeBufferPointer { buffer in
        (try? JSONFormatter(options: [.pretty]).format(buffer, validatingFirst: true) {
          writeAll(devNull, $0)
        }) != nil
      }
      guard formatted else { return false }
      format.append((seconds(since: wall), cpuSeconds() - cpu))
    }
    table.add("GraphJSON parse (in process)", parse)
    table.add("GraphJSON parse + pretty-print (in process)", parsePrint)
    table.add("JSONFormatter validate + pretty-print (in process)", format)
    return true
  }

  /// The result table: one row per measure.
  struct Table {
    let inputBytes: Int
    var rows: [[String]] = [["measure", "wall", "MB/s", "CPU", "MB/s CPU", "peak RSS"]]

    mutating func add(_ name: String, _ times: [(Double, Double)]) {
      guard !times.isEmpty else { return }
      add(name, wall: median(times.map(\.0)), cpu: median(times.map(\.1)), rss: nil)
    }

    mutating func add(_ name: String, _ runs: [ChildRun]) {
      guard !runs.isEmpty else { return }
      add(
        name, wall: median(runs.map(\.seconds)), cpu: median(runs.map(\.cpu)),
        rss: runs.map(\.maxRSS).max())
    }

    mutating func add(_ name: String, wall: Double, cpu: Double, rss: Int?) {
      let megabytes = Double(inputBytes) / 1e6
      let memory = rss.map {
        String(format: "%.0f MB (%.2f× input)", Double($0) / 1e6, Double($0) / Double(inputBytes))
      }
      rows.append([
        name, String(format: "%.3f s", wall), String(format: "%.0f", megabytes / wall),
        String(format: "%.3f s", cpu), String(format: "%.0f", megabytes / cpu), memory ?? "",
      ])
    }
  }

  /// `graph-bench json-child FILE [--parse-only]`: what the benchmark times in a child process
  /// (read, parse, pretty-print to standard output), like `jq . FILE`.
  @MainActor static func child(_ arguments: [String]) async -> Int32 {
    let trace = ProcessInfo.processInfo.environment["GRAPH_BENCH_TRACE"] != nil
    var clock = ContinuousClock.now
    var cpu = cpuSeconds()
    func phase(_ name: String) {
      guard trace else { return }
      let now = cpuSeconds()
      fail(String(format: "%@: %.3f s wall, %.3f s cpu", name, seconds(since: clock), now - cpu))
      clock = ContinuousClock.now
      cpu = now
    }
    guard let path = arguments.first, let bytes = readFile(path) else {
      fail("usage: graph-bench json-child FILE [--parse-only]")
      return 2
    }
    phase("read")
    if arguments.contains("--format") {
      do {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
          let formatter = JSONFormatter(options: [.pretty])
          if arguments.contains("--format") {
            try formatter.format(buffer, validatingFirst: true) { writeAll(STDOUT_FILENO, $0) }
            [UInt8(ascii: "\n")].withUnsafeBytes { writeAll(STDOUT_FILENO, $0) }
            phase("format")
          }
        }
      } catch {
        fail("\(path):\(error.line):\(error.column): \(error.message)")
        return 2
      }
      return 0
    }
    var value: JSONValue
    do {
      value = try JSONParser().parse(bytes)
    } catch {
      fail("\(path):\(error.line):\(error.column): \(error.message)")
      return 2
    }
    phase("parse")
    if !arguments.contains("--parse-only") {
      JSONPrinter(options: [.pretty]).write(value) { writeAll(STDOUT_FILENO, $0) }
      [UInt8(ascii: "\n")].withUnsafeBytes { writeAll(STDOUT_FILENO, $0) }
      phase("print")
    }
    value = .null
    phase("free")
    return 0
  }
}
