import Foundation
import GraphJSON

/// `graph-bench json [--size-mb 50] [--runs N] [--keep FILE]`: parse and pretty-print a
/// generated Graph-shaped document, in process and in a child process, side by side with
/// `jq .`. With `--keep` the document is written to FILE and left there.
enum JSONBenchmark {
  static func run(_ arguments: [String]) async -> Int32 {
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
    print(
      String(format: "graph-bench json: %.1f MB Graph-shaped document, %d runs", megabytes, runs))
    print("figures are medians; MB = 10^6 bytes of input; peak RSS from wait4 of a child process")
    print("")
    let parser = JSONParser()
    var parseTimes: [Double] = []
    var printTimes: [Double] = []
    let devNull = open("/dev/null", O_WRONLY)
    defer { close(devNull) }
    for _ in 0..<runs {
      let start = ContinuousClock.now
      guard let value = try? parser.parse(document) else {
        fail("graph-bench json: the generated document does not parse")
        return 1
      }
      parseTimes.append(seconds(since: start))
      let printStart = ContinuousClock.now
      JSONPrinter(options: [.pretty]).write(value) { chunk in writeAll(devNull, chunk) }
      printTimes.append(seconds(since: printStart))
    }
    let parse = median(parseTimes)
    let both = median(zip(parseTimes, printTimes).map { $0 + $1 })
    let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    var ours: [ChildRun] = []
    var jq: [ChildRun] = []
    let jqPath = ["/usr/bin/jq", "/usr/local/bin/jq"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    for _ in 0..<runs {
      if let run = ChildRun.spawn([executable, "json-child", path]) { ours.append(run) }
      if let jqPath, let run = ChildRun.spawn([jqPath, ".", path]) { jq.append(run) }
    }
    var rows: [[String]] = [["measure", "time", "throughput", "peak RSS"]]
    func row(_ name: String, _ time: Double, _ rss: Int?) {
      let memory = rss.map {
        String(
          format: "%.0f MB (%.2f× input)", Double($0) / 1e6, Double($0) / Double(document.count))
      }
      rows.append([
        name, String(format: "%.3f s", time), String(format: "%.0f MB/s", megabytes / time),
        memory ?? "",
      ])
    }
    row("GraphJSON parse (in process)", parse, nil)
    row("GraphJSON parse + pretty-print (in process)", both, nil)
    let oursTime = median(ours.map(\.seconds))
    let jqTime = median(jq.map(\.seconds))
    if !ours.isEmpty {
      row("graph-bench json-child FILE > /dev/null", oursTime, ours.map(\.maxRSS).max())
    }
    if !jq.isEmpty { row("jq . FILE > /dev/null", jqTime, jq.map(\.maxRSS).max()) }
    printTable(rows)
    print("")
    if !ours.isEmpty, !jq.isEmpty {
      print(
        String(
          format: "parse + pretty-print vs jq (child processes): %.1f× faster", jqTime / oursTime))
    } else if jqPath == nil {
      print("jq not found: no comparison")
    }
    return 0
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
