import Foundation
import GraphJSON

/// `graph-bench parse [--sizes 1,50,200] [--runs N] [--python PATH]`: a fresh process reads a
/// generated Graph document, parses it into a tree and frees the tree, side by side with
/// pysimdjson (`simdjson.Parser().parse`, the simdjson DOM) and orjson (`orjson.loads`, Python
/// objects), interleaved run by run. Each process reports its own phases (read, parse, free:
/// wall and thread CPU time) and the memory the tree added; the benchmark adds the whole
/// process's CPU time and peak RSS (GNU time).
enum ParseBenchmark {
  /// A peer: a Python module and the script that times it in a child process.
  struct Peer {
    var name: String
    var module: String
    var parse: String
  }

  static let peers = [
    Peer(
      name: "pysimdjson", module: "simdjson",
      parse: "p = simdjson.Parser()\n    doc = p.parse(data)"),
    Peer(name: "orjson", module: "orjson", parse: "doc = orjson.loads(data)"),
  ]

  /// The Python side: the same phases as `graph-bench parse-child`, printed as one line.
  static func script(_ peer: Peer) -> String {
    """
    import os, sys, time
    import \(peer.module)
    def rss():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    def phase(start):
        return time.perf_counter() - start[0], time.thread_time() - start[1]
    def now():
        return (time.perf_counter(), time.thread_time())
    path, out = sys.argv[1], sys.argv[2]
    t = now()
    with open(path, "rb") as f:
        data = f.read()
    read = phase(t)
    before = rss()
    t = now()
    def run():
        \(peer.parse)
        return doc
    doc = run()
    parse = phase(t)
    tree = rss() - before
    t = now()
    del doc
    free = phase(t)
    with open(out, "w") as f:
        f.write("%f %f %f %f %f %f %d\\n" % (read + parse + free + (tree,)))
    """
  }

  static func run(_ arguments: [String]) async -> Int32 {
    var sizes = [1.0, 50, 200]
    var runs = 3
    var python = "python3"
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--sizes":
        sizes = (iterator.next() ?? "").split(separator: ",").compactMap { Double($0) }
      case "--runs": runs = iterator.next().flatMap(Int.init) ?? -1
      case "--python": python = iterator.next() ?? ""
      default:
        fail("graph-bench parse: unknown option '\(argument)'")
        return 2
      }
    }
    guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }), runs > 0 else {
      fail("usage: graph-bench parse [--sizes 1,50,200] [--runs N] [--python PATH]")
      return 2
    }
    let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "graph-bench-parse-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let phasesPath = folder.appendingPathComponent("phases.txt").path
    var available: [(Peer, String)] = []
    for peer in peers {
      let path = folder.appendingPathComponent("peer-\(peer.module).py").path
      guard FileManager.default.createFile(atPath: path, contents: Data(script(peer).utf8)) else {
        fail("graph-bench parse: cannot write \(path)")
        return 1
      }
      let check = ChildRun.spawn(["/usr/bin/env", python, "-c", "import \(peer.module)"])
      if check?.status == 0 {
        available.append((peer, path))
      } else {
        print(
          "\(peer.name) is not installed for \(python): its rows are missing"
            + " (pip install \(peer.name == "pysimdjson" ? "pysimdjson" : peer.name))")
      }
    }
    print("medians of \(runs) fresh processes, interleaved; MB = 10^6 bytes of input")
    print("phases are measured inside each process (wall / thread CPU); process CPU and peak RSS")
    print("cover the whole process (start-up included)")
    for size in sizes {
      var generator = GraphDocumentGenerator()
      let document = generator.document(bytes: Int(size * 1_000_000))
      let path = folder.appendingPathComponent("doc-\(size).json").path
      guard FileManager.default.createFile(atPath: path, contents: Data(document)) else {
        fail("graph-bench parse: cannot write \(path)")
        return 1
      }
      let megabytes = Double(document.count) / 1e6
      var commands: [(String, [String])] = [
        ("JSONDocument", [executable, "parse-child", path, phasesPath]),
        ("JSONValue", [executable, "parse-child", path, phasesPath, "--value"]),
      ]
      for (peer, script) in available {
        commands.append((peer.name, ["/usr/bin/env", python, script, path, phasesPath]))
      }
      var samples = Array(repeating: [Sample](), count: commands.count)
      for _ in 0..<runs {
        for (index, command) in commands.enumerated() {
          unlink(phasesPath)
          guard let run = ChildRun.spawn(command.1), run.status == 0,
            let sample = Sample(run: run, phases: phasesPath)
          else {
            fail("graph-bench parse: \(command.1.joined(separator: " ")) failed")
            return 1
          }
          samples[index].append(sample)
        }
      }
      print("")
      print(String(format: "%.1f MB Graph document", megabytes))
      var rows = [
        [
          "parser", "read", "parse wall", "parse CPU", "MB/s (CPU)", "tree", "free",
          "process CPU", "peak RSS",
        ]
      ]
      for (command, runs) in zip(commands, samples) {
        let parseCPU = median(runs.map(\.parse.cpu))
        let tree = median(runs.map { Double($0.tree) })
        rows.append([
          command.0, milliseconds(median(runs.map(\.read.wall))),
          milliseconds(median(runs.map(\.parse.wall))), milliseconds(parseCPU),
          String(format: "%.0f", megabytes / parseCPU),
          String(format: "%.0f MB (%.2f×)", tree / 1e6, tree / Double(document.count)),
          milliseconds(median(runs.map(\.free.wall))),
          String(format: "%.3f s", median(runs.map(\.run.cpu))),
          String(format: "%.0f MB", Double(runs.map(\.run.maxRSS).max() ?? 0) / 1e6),
        ])
      }
      printTable(rows)
      let ours = median(samples[0].map(\.parse.cpu))
      for (index, command) in commands.enumerated().dropFirst() {
        let theirs = median(samples[index].map(\.parse.cpu))
        print(
          String(
            format: "JSONDocument parse vs %@: %.2f× its throughput (CPU time)", command.0,
            theirs / ours))
      }
      unlink(path)
    }
    return 0
  }

  static func milliseconds(_ seconds: Double) -> String {
    String(format: "%.1f ms", seconds * 1000)
  }

  /// One child's report: its phases and the whole process's figures.
  struct Sample {
    var run: ChildRun
    var read: (wall: Double, cpu: Double)
    var parse: (wall: Double, cpu: Double)
    var free: (wall: Double, cpu: Double)
    /// Bytes the tree added to the resident set.
    var tree: Int

    init?(run: ChildRun, phases: String) {
      guard let text = try? String(contentsOfFile: phases, encoding: .utf8) else { return nil }
      let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
      guard fields.count == 7 else { return nil }
      self.run = run
      read = (fields[0], fields[1])
      parse = (fields[2], fields[3])
      free = (fields[4], fields[5])
      tree = Int(fields[6])
    }
  }

  /// `graph-bench parse-child FILE OUT [--value]`: reads FILE (memory-mapped), parses it into
  /// a `JSONDocument` (with `--value`, a `JSONValue`), frees it, and writes the phases to OUT
  /// as the Python peers do.
  static func child(_ arguments: [String]) async -> Int32 {
    guard arguments.count == 2 || (arguments.count == 3 && arguments[2] == "--value") else {
      fail("usage: graph-bench parse-child FILE OUT [--value]")
      return 2
    }
    var start = (ContinuousClock.now, threadCPUSeconds())
    func phase() -> (Double, Double) {
      defer { start = (ContinuousClock.now, threadCPUSeconds()) }
      return (seconds(since: start.0), threadCPUSeconds() - start.1)
    }
    guard let file = MappedInput(path: arguments[0]) else {
      fail("graph-bench parse-child: cannot read \(arguments[0])")
      return 1
    }
    defer { file.close() }
    let read = phase()
    let before = residentBytes()
    start = (ContinuousClock.now, threadCPUSeconds())
    var value: JSONValue = .null
    var document: JSONDocument?
    do {
      if arguments.count == 3 {
        value = try JSONParser().parse(file.bytes)
      } else {
        document = try JSONDocument(parsing: file.bytes)
      }
    } catch {
      fail("\(arguments[0]): \(error)")
      return 1
    }
    let parse = phase()
    let tree = residentBytes() - before
    // Keep the tree alive until here, then free it in one assignment (timed).
    withExtendedLifetime(value) {}
    withExtendedLifetime(document) {}
    value = .null
    document = nil
    let free = phase()
    withExtendedLifetime(value) {}
    withExtendedLifetime(document) {}
    let line = String(
      format: "%f %f %f %f %f %f %d\n", read.0, read.1, parse.0, parse.1, free.0, free.1, tree)
    guard FileManager.default.createFile(atPath: arguments[1], contents: Data(line.utf8)) else {
      fail("graph-bench parse-child: cannot write \(arguments[1])")
      return 1
    }
    return 0
  }

  /// This thread's CPU time in seconds.
  static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The resident set size now, from /proc/self/statm.
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(getpagesize()) : 0
  }
}

/// A file mapped into memory in one `mmap` (read-only, pages populated up front).
struct MappedInput {
  let bytes: UnsafeBufferPointer<UInt8>
  private let length: Int

  init?(path: String) {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { Glibc.close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
    length = Int(info.st_size)
    guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0),
      address != MAP_FAILED
    else { return nil }
    bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
  }

  func close() { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), length) }
}
