import Foundation
import GraphJSON

/// `graph-bench diff`: GraphJSON's structural diff against DeepDiff (PyPI) on two ~20 MB Graph
/// answers whose 100,000-element `data` arrays differ in 1% of their elements, plus an array of
/// 10,000 numbers with one change.
enum DiffBenchmark {
  static let summary = "structural diff of two 20 MB Graph answers, vs DeepDiff"

  static func run(_ arguments: [String]) async -> Int32 {
    var elements = 100_000
    var runs = 5
    var deepDiff = true
    var keep: String?
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "--elements":
        index += 1
        elements = index < arguments.count ? Int(arguments[index]) ?? elements : elements
      case "--runs":
        index += 1
        runs = index < arguments.count ? Int(arguments[index]) ?? runs : runs
      case "--no-deepdiff": deepDiff = false
      case "--keep":
        index += 1
        keep = index < arguments.count ? arguments[index] : nil
      default:
        FileHandle.standardError.write(
          Data(
            "usage: graph-bench diff [--elements N] [--runs N] [--no-deepdiff] [--keep DIR]\n".utf8)
        )
        return 2
      }
      index += 1
    }
    // With `--keep DIR` the two inputs (a.json, b.json) are left in DIR, to be run by hand.
    let directory =
      keep.map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "graph-bench-diff-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }

    var random = SplitMix64(seed: 20_140_430)
    let (old, new, changed) = GraphAnswers.pair(elements: elements, random: &random)
    let oldURL = directory.appendingPathComponent("a.json")
    let newURL = directory.appendingPathComponent("b.json")
    let oldBytes = JSONPrinter(options: []).bytes(old)
    let newBytes = JSONPrinter(options: []).bytes(new)
    try? Data(oldBytes).write(to: oldURL)
    try? Data(newBytes).write(to: newURL)
    let megabytes = Double(oldBytes.count + newBytes.count) / 2 / 1_000_000
    print(
      "inputs: two Graph answers of \(String(format: "%.1f", megabytes)) MB each, "
        + "\(elements) elements, \(changed) differ")

    // 1. GraphJSON in process: parse, diff, patch.
    var diffTimes: [Double] = []
    var diffCPU: [Double] = []
    var differences = 0
    var operations = 0
    for _ in 0..<runs {
      let start = DispatchTime.now()
      let cpu = cpuSeconds(ownUsage)
      let result = JSONDiff.diff(old, new)
      diffCPU.append(cpuSeconds(ownUsage) - cpu)
      diffTimes.append(seconds(since: start))
      differences = result.differences.count
      operations = result.patch.operations.count
    }
    let ours = median(diffCPU)
    print(
      "GraphJSON diff (in process, parsed input): median CPU \(ms(ours)), wall "
        + "\(ms(median(diffTimes))) of \(runs) runs; \(differences) differences, "
        + "\(operations) patch operations")
    // The same on the two parsed documents' tapes, as `graph-explorer diff` runs it.
    if let oldDocument = try? JSONDocument(parsing: oldBytes),
      let newDocument = try? JSONDocument(parsing: newBytes)
    {
      var tapeCPU: [Double] = []
      var same = true
      for _ in 0..<runs {
        let cpu = cpuSeconds(ownUsage)
        let result = JSONDiff.diff(oldDocument.root, newDocument.root)
        tapeCPU.append(cpuSeconds(ownUsage) - cpu)
        same =
          same && result.differences.count == differences
          && result.patch.operations.count == operations
      }
      print(
        "GraphJSON diff on documents (in process, parsed input): median CPU "
          + "\(ms(median(tapeCPU))) of \(runs) runs\(same ? "" : "; DIFFERENT RESULT")")
    }
    let parseStart = DispatchTime.now()
    _ = try? JSONParser.parse(oldBytes)
    _ = try? JSONParser.parse(newBytes)
    print("GraphJSON parse of both files: \(ms(seconds(since: parseStart)))")

    // 2. The graph-explorer binary end to end, with its peak memory.
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("graph-explorer")
    if FileManager.default.isExecutableFile(atPath: binary.path) {
      // The patch, and the listing by path.
      for mode in [["--patch"], []] {
        var wall: [Double] = []
        var cpu: [Double] = []
        var peak = 0
        // Through GNU time (`ChildRun`): `wait4`'s peak of a child spawned from this process
        // would count this process's own memory (both trees) at the `exec`.
        for _ in 0..<max(1, runs / 2) {
          guard
            let run = ChildRun.spawn([binary.path, "diff"] + mode + [oldURL.path, newURL.path])
          else { break }
          cpu.append(run.cpu)
          wall.append(run.seconds)
          peak = max(peak, run.maxRSS / 1024)
        }
        let inputMB = Double(oldBytes.count + newBytes.count) / 1_000_000
        print(
          "graph-explorer diff \((mode + ["A B"]).joined(separator: " ")) (process, read + parse "
            + "+ diff + print): median CPU \(ms(median(cpu))), wall \(ms(median(wall))), peak RSS "
            + "\(peak / 1024) MB = "
            + "\(String(format: "%.2f", Double(peak) * 1024 / 1_000_000 / inputMB))× the input "
            + "(\(String(format: "%.0f", inputMB)) MB)")
      }
    } else {
      print("graph-explorer binary not found beside graph-bench; build it with -c release")
    }
    for form in ["documents", "trees"] {
      guard let split = childPeaks(oldURL.path, newURL.path, form: form) else { continue }
      let inputMB = Double(oldBytes.count + newBytes.count) / 1_000_000
      print(
        "memory (graph-bench diff-child --\(form) A B): peak RSS \(split.parsed / 1024) MB after "
          + "parsing both, \(split.diffed / 1024) MB after the diff; the diff itself adds "
          + "\((split.diffed - split.parsed) / 1024) MB = "
          + "\(String(format: "%.2f", Double(split.diffed - split.parsed) * 1024 / 1_000_000 / inputMB))× "
          + "the input")
    }

    // 3. DeepDiff on the same files.
    if deepDiff {
      if let theirs = deepDiffSeconds(oldURL.path, newURL.path) {
        print(
          "DeepDiff (Python, parsed input): CPU \(ms(theirs)) → GraphJSON is "
            + "\(String(format: "%.0f", theirs / ours))× faster")
      } else {
        print("DeepDiff: not available (pip install -r Tests/requirements.txt)")
      }
    }

    // 4. 10,000 numbers, one change.
    let numbers = (0..<10_000).map { JSONValue.number(JSONNumber(($0 * 7919) % 10_007)) }
    var changedNumbers = numbers
    changedNumbers[4_321] = .number(JSONNumber(-1))
    var numberTimes: [Double] = []
    for _ in 0..<max(runs, 5) {
      let cpu = cpuSeconds(ownUsage)
      _ = JSONDiff.diff(.array(numbers), .array(changedNumbers))
      numberTimes.append(cpuSeconds(ownUsage) - cpu)
    }
    let numbersTime = median(numberTimes)
    print("GraphJSON diff, 10,000 numbers with one change: median CPU \(ms(numbersTime))")
    if deepDiff {
      let a = directory.appendingPathComponent("n1.json")
      let b = directory.appendingPathComponent("n2.json")
      try? Data(JSONPrinter(options: []).bytes(.array(numbers))).write(to: a)
      try? Data(JSONPrinter(options: []).bytes(.array(changedNumbers))).write(to: b)
      if let theirs = deepDiffSeconds(a.path, b.path) {
        print("DeepDiff, 10,000 numbers with one change: CPU \(ms(theirs))")
      }
    }
    return 0
  }

  /// `graph-bench diff-child --documents|--trees A B`: reads and parses both files (into
  /// documents, as `graph-explorer diff` does, or into trees), then diffs them, printing the
  /// peak RSS (KiB) after each step, so the diff's own memory shows apart from the parse's.
  static func child(_ arguments: [String]) async -> Int32 {
    guard arguments.count == 3, ["--documents", "--trees"].contains(arguments[0]),
      let a = FileManager.default.contents(atPath: arguments[1]),
      let b = FileManager.default.contents(atPath: arguments[2])
    else {
      FileHandle.standardError.write(
        Data("usage: graph-bench diff-child --documents|--trees A B\n".utf8))
      return 2
    }
    let result: JSONDiffResult
    let parsed: Int
    if arguments[0] == "--trees" {
      func parse(_ data: Data) -> JSONValue? {
        data.withUnsafeBytes { try? JSONParser().parse($0.bindMemory(to: UInt8.self)) }
      }
      guard let old = parse(a), let new = parse(b) else { return 2 }
      parsed = peakKilobytes()
      result = JSONDiff.diff(old, new)
    } else {
      func parse(_ data: Data) -> JSONDocument? {
        data.withUnsafeBytes { try? JSONDocument(parsing: $0.bindMemory(to: UInt8.self)) }
      }
      guard let old = parse(a), let new = parse(b) else { return 2 }
      parsed = peakKilobytes()
      result = JSONDiff.diff(old.root, new.root)
    }
    let patch = JSONPrinter(options: []).bytes(result.patch.jsonValue)
    print(
      "parsed \(parsed) diffed \(peakKilobytes()) operations \(result.patch.operations.count) \(patch.count)"
    )
    return 0
  }

  /// This process's peak RSS in KiB: `VmHWM` on Linux (`ru_maxrss` of a process started by
  /// `posix_spawn` keeps the parent's peak at the `exec`, and this parent holds two trees).
  static func peakKilobytes() -> Int {
    if let status = FileManager.default.contents(atPath: "/proc/self/status"),
      let line = String(decoding: status, as: UTF8.self).split(separator: "\n")
        .first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    {
      return kilobytes
    }
    var usage = rusage()
    getrusage(ownUsage, &usage)
    return usage.ru_maxrss
  }

  static func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }

  static func ms(_ seconds: Double) -> String {
    seconds >= 10 ? String(format: "%.1f s", seconds) : String(format: "%.1f ms", seconds * 1000)
  }

  /// The `getrusage` target of the process itself (0 on Linux and macOS).
  static let ownUsage: Int32 = 0

  /// User plus system CPU seconds used so far by `who`: the machine is shared, so CPU time
  /// is steadier than wall time.
  static func cpuSeconds(_ who: Int32) -> Double {
    var usage = rusage()
    getrusage(who, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  /// Peak RSS of a `diff-child` run after parsing and after diffing, in KiB.
  static func childPeaks(_ a: String, _ b: String, form: String) -> (parsed: Int, diffed: Int)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["diff-child", "--\(form)", a, b]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let words = String(decoding: data, as: UTF8.self).split(separator: " ")
    guard words.count >= 4, let parsed = Int(words[1]), let diffed = Int(words[3]) else {
      return nil
    }
    return (parsed, diffed)
  }

  /// DeepDiff's CPU time on two files, measured inside Python around the DeepDiff call only.
  static func deepDiffSeconds(_ a: String, _ b: String) -> Double? {
    let script = """
      import json, sys, time
      from deepdiff import DeepDiff
      a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
      t = time.process_time(); d = DeepDiff(a, b); e = time.process_time() - t
      print(e)
      """
    guard let data = pythonOutput(script, [a, b]) else { return nil }
    return Double(
      String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
