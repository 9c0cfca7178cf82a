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
    import os, resource, sys, time
    import \(peer.module)
    def usage():
        u = resource.getrusage(resource.RUSAGE_THREAD)
        return (u.ru_utime, u.ru_stime, u.ru_minflt)
    def huge():
        try:
            with open("/proc/self/smaps_rollup") as f:
                for line in f:
                    if line.startswith("AnonHugePages:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0
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
    u = usage()
    t = now()
    def run():
        \(peer.parse)
        return doc
    doc = run()
    parse = phase(t)
    u = tuple(b - a for a, b in zip(u, usage()))
    tree = rss() - before
    thp = huge()
    t = now()
    del doc
    free = phase(t)
    with open(out, "w") as f:
        f.write("%f %f %f %f %f %f %d %f %f %d %d\\n" % (read + parse + free + (tree,) + u + (thp,)))
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
    print("cover the whole process (start-up included); user, system and faults (minor page")
    print("faults) are the parsing thread's during the parse (getrusage), THP the largest")
    print("AnonHugePages after it; system shows the median and the range over the runs")
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
          "parser", "read", "parse wall", "parse CPU", "user", "system", "faults", "THP",
          "MB/s (CPU)", "tree", "free", "process CPU", "peak RSS",
        ]
      ]
      for (command, runs) in zip(commands, samples) {
        let parseCPU = median(runs.map(\.parse.cpu))
        let tree = median(runs.map { Double($0.tree) })
        let system = runs.map(\.system)
        rows.append([
          command.0, milliseconds(median(runs.map(\.read.wall))),
          milliseconds(median(runs.map(\.parse.wall))), milliseconds(parseCPU),
          milliseconds(median(runs.map(\.user))),
          String(
            format: "%.1f ms (%.1f-%.1f)", median(system) * 1000,
            (system.min() ?? 0) * 1000, (system.max() ?? 0) * 1000),
          String(format: "%.0f", median(runs.map { Double($0.faults) })),
          String(format: "%.0f MB", Double(runs.map(\.hugePages).max() ?? 0) / 1e6),
          String(format: "%.0f", megabytes / parseCPU),
          String(format: "%.0f MB (%.2f×)", tree / 1e6, tree / Double(document.count)),
          milliseconds(median(runs.map(\.free.wall))),
          String(format: "%.3f s", median(runs.map(\.run.cpu))),
          String(format: "%.0f MB", Double(runs.map(\.run.maxRSS).max() ?? 0) / 1e6),
        ])
      }
      printTable(rows)
      let ours = samples[0].map(\.parse.cpu)
      for (index, command) in commands.enumerated().dropFirst() {
        let theirs = samples[index].map(\.parse.cpu)
        let rounds = zip(theirs, ours).map { String(format: "%.2f×", $0 / $1) }
        print(
          String(
            format: "JSONDocument parse vs %@: %.2f× its throughput (CPU time; by round: %@)",
            command.0, median(theirs) / median(ours), rounds.joined(separator: " ")))
      }
      unlink(path)
    }
    return 0
  }

  static func milliseconds(_ seconds: Double) -> String {
    String(format: "%.1f ms", seconds * 1000)
  }
}
